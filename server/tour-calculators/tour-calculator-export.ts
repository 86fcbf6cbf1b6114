/**
 * GET /api/tours/calculators/{id}/export (issue 30): the offer as a Word document a manager sends to
 * the customer as it is (calculator-docx.ts says what it holds), built in the export worker.
 */
import type { Response } from 'express';
import { calculatorFileName } from '../../shared/tour-calculators/rules.js';
import type { CalculatorRecord } from '../../shared/tour-calculators/types.js';
import { sendDocx } from '../exports/docx.js';
import { CALCULATOR_DOCX } from './calculator-docx.js';

export async function sendCalculatorDocx(response: Response, calculator: CalculatorRecord): Promise<void> {
  await sendDocx(response, calculatorFileName(calculator.name), CALCULATOR_DOCX, calculator);
}
