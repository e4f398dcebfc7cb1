// The chat sidebar's width, shared by the sidebar and the place the chat keeps for it while it loads.
export const SIDEBAR_WIDTH = 300;
