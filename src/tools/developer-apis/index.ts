import type { AnyTool } from '../../registry/define-tool.ts';
import { developerUrlTools } from './url-checks.ts';
import jsonFormatter from './json-formatter.ts';
import jsonValidator from './json-validator.ts';
import base64EncoderDecoder from './base64-encoder-decoder.ts';
import urlEncoderDecoder from './url-encoder-decoder.ts';
import uuidGenerator from './uuid-generator.ts';
import timestampConverter from './timestamp-converter.ts';
import regexTester from './regex-tester.ts';
import jsonToTypescript from './json-to-typescript.ts';
import jsonToZod from './json-to-zod.ts';
import jsonToGoStruct from './json-to-go-struct.ts';
import jsonToPython from './json-to-python.ts';
import yamlToJson from './yaml-to-json.ts';
import jsonToYaml from './json-to-yaml.ts';
import xmlFormatter from './xml-formatter.ts';
import jwtGenerator from './jwt-generator.ts';
import apiRequestBuilder from './api-request-builder.ts';
import userAgentParser from './user-agent-parser.ts';
import ipAddressTools from './ip-address-tools.ts';
import htmlFormatter from './html-formatter.ts';
import cssFormatter from './css-formatter.ts';
import jsFormatter from './js-formatter.ts';
import sqlFormatter from './sql-formatter.ts';
import sqlValidator from './sql-validator.ts';
import regexGenerator from './regex-generator.ts';
import cronExpressionGenerator from './cron-expression-generator.ts';
import cronExpressionParser from './cron-expression-parser.ts';
import cssMinifier from './css-minifier.ts';
import jsMinifier from './js-minifier.ts';
import colorConverter from './color-converter.ts';

/** In the order the catalog lists them; http-headers-checker (a URL-fetching tool) is built with the other URL tools. */
export const developerApisTools: AnyTool[] = [
  ...developerUrlTools,
  jsonFormatter,
  jsonValidator,
  base64EncoderDecoder,
  urlEncoderDecoder,
  uuidGenerator,
  timestampConverter,
  regexTester,
  jsonToTypescript,
  jsonToZod,
  jsonToGoStruct,
  jsonToPython,
  yamlToJson,
  jsonToYaml,
  xmlFormatter,
  jwtGenerator,
  apiRequestBuilder,
  userAgentParser,
  ipAddressTools,
  htmlFormatter,
  cssFormatter,
  jsFormatter,
  sqlFormatter,
  sqlValidator,
  regexGenerator,
  cronExpressionGenerator,
  cronExpressionParser,
  cssMinifier,
  jsMinifier,
  colorConverter,
];
