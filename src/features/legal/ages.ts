// The ages both privacy policies state: the minimum age of an account, and the age below which a parent must consent.
export const MINIMUM_AGE = 13;
export const CONSENT_AGE = 18;
