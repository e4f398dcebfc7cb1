// The calculator tool: its 8 functions computed by mathjs in 64-digit decimal arithmetic (0.1 + 0.2 is 0.3), no eval.
import { all, create, type BigNumber, type MathType } from 'mathjs';
import type { ToolFunction } from './args.ts';
import { ToolError } from './invoke.ts';

const math = create(all!, { number: 'BigNumber', precision: 64 });

/** 170! is the largest factorial a double holds; beyond it a result is a wall of digits no agent needs. */
const MAX_FACTORIAL = 170;
/** Beyond this, primality by mathjs' trial division takes seconds: larger numbers are refused, not slow. */
const MAX_PRIME_CANDIDATE = 1e15;
/** Exponents above this give results of a million digits or more; the run would stall rendering them. */
const MAX_EXPONENT = 100_000;

function numberArg(args: Record<string, unknown>, key: string): BigNumber {
  const value = args[key];
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?$/i.test(text) || (typeof value === 'number' && !Number.isFinite(value)))
    throw new ToolError(`The argument "${key}" must be a finite number.`);
  return math.bignumber(text);
}

const shown = (value: MathType): string =>
  math.format(value, { notation: 'auto', precision: 64, lowerExp: -9, upperExp: 21 });

type Compute = (args: Record<string, unknown>) => string;

function fn(name: string, description: string, params: string[], compute: Compute): ToolFunction {
  return {
    name,
    description,
    parameters: {
      type: 'object',
      properties: Object.fromEntries(params.map((p) => [p, { type: 'number', description: p }])),
      required: params,
    },
    execute: async (args) => compute(args),
  };
}

function wholeNumber(args: Record<string, unknown>, key: string, max: number, what: string): BigNumber {
  const n = numberArg(args, key);
  if (!n.isInteger() || n.isNegative() || n.greaterThan(max))
    throw new ToolError(`${what} accepts whole numbers from 0 to ${max}.`);
  return n;
}

export function calculatorFunctions(): ToolFunction[] {
  return [
    fn('add', 'Adds a and b.', ['a', 'b'], (a) => shown(math.add(numberArg(a, 'a'), numberArg(a, 'b')))),
    fn('subtract', 'Subtracts b from a.', ['a', 'b'], (a) =>
      shown(math.subtract(numberArg(a, 'a'), numberArg(a, 'b'))),
    ),
    fn('multiply', 'Multiplies a by b.', ['a', 'b'], (a) => shown(math.multiply(numberArg(a, 'a'), numberArg(a, 'b')))),
    fn('divide', 'Divides a by b.', ['a', 'b'], (a) => {
      const b = numberArg(a, 'b');
      if (b.isZero()) throw new ToolError('Cannot divide by zero.');
      return shown(math.divide(numberArg(a, 'a'), b));
    }),
    fn('exponentiate', 'Raises a to the power b.', ['a', 'b'], (a) => {
      const base = numberArg(a, 'a');
      const exponent = numberArg(a, 'b');
      if (exponent.abs().greaterThan(MAX_EXPONENT))
        throw new ToolError(`The exponent must be between -${MAX_EXPONENT} and ${MAX_EXPONENT}.`);
      if (base.isNegative() && !exponent.isInteger())
        throw new ToolError('A negative number raised to a fractional power is not a real number.');
      if (base.isZero() && exponent.isNegative()) throw new ToolError('Zero raised to a negative power is undefined.');
      return shown(math.pow(base, exponent));
    }),
    fn('factorial', `The factorial n! of a whole number n from 0 to ${MAX_FACTORIAL}.`, ['n'], (a) =>
      shown(math.factorial(wholeNumber(a, 'n', MAX_FACTORIAL, 'The factorial'))),
    ),
    fn('is_prime', 'Whether the whole number n is a prime number.', ['n'], (a) => {
      const n = wholeNumber(a, 'n', MAX_PRIME_CANDIDATE, 'The prime test');
      const prime = math.isPrime(n.toNumber());
      return `${shown(n)} is ${prime ? '' : 'not '}a prime number.`;
    }),
    fn('square_root', 'The square root of a non-negative number.', ['a'], (a) => {
      const x = numberArg(a, 'a');
      if (x.isNegative()) throw new ToolError('The square root of a negative number is not a real number.');
      return shown(math.sqrt(x));
    }),
  ];
}
