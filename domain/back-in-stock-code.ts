/** The back-in-stock code's length, alone: the product page's form reads it while rendering, without the messages and checks (back-in-stock-messages.ts). */
export const BACK_IN_STOCK_OTP_LENGTH = 6;
