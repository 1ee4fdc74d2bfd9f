import type { AnyTool } from '../../registry/define-tool.ts';
import breakEvenCalculator from './break-even-calculator.ts';
import compoundInterestCalculator from './compound-interest-calculator.ts';
import costPlusPricingCalculator from './cost-plus-pricing-calculator.ts';
import creditNoteCalculator from './credit-note-calculator.ts';
import currencyConverter from './currency-converter.ts';
import debitNoteCalculator from './debit-note-calculator.ts';
import discountCalculator from './discount-calculator.ts';
import emiCalculator from './emi-calculator.ts';
import freelancerHourlyRateCalculator from './freelancer-hourly-rate-calculator.ts';
import gstCalculator from './gst-calculator.ts';
import invoiceTotalCalculator from './invoice-total-calculator.ts';
import markupCalculator from './markup-calculator.ts';
import paymentDueDateCalculator from './payment-due-date-calculator.ts';
import profitMarginCalculator from './profit-margin-calculator.ts';
import recurringInvoiceCalculator from './recurring-invoice-calculator.ts';
import salaryToHourlyConverter from './salary-to-hourly-converter.ts';
import simpleInterestCalculator from './simple-interest-calculator.ts';
import taxCompliantInvoiceCalculator from './tax-compliant-invoice-calculator.ts';
import timesheetInvoiceCalculator from './timesheet-invoice-calculator.ts';
import vatCalculator from './vat-calculator.ts';

/** In the order the catalog lists them. */
export const calculatorsTools: AnyTool[] = [
  gstCalculator,
  vatCalculator,
  invoiceTotalCalculator,
  discountCalculator,
  profitMarginCalculator,
  markupCalculator,
  freelancerHourlyRateCalculator,
  salaryToHourlyConverter,
  paymentDueDateCalculator,
  emiCalculator,
  simpleInterestCalculator,
  compoundInterestCalculator,
  breakEvenCalculator,
  costPlusPricingCalculator,
  currencyConverter,
  taxCompliantInvoiceCalculator,
  creditNoteCalculator,
  debitNoteCalculator,
  recurringInvoiceCalculator,
  timesheetInvoiceCalculator,
];
