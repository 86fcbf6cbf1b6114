/** Every migration, in order. A new migration file is added here too (explicit imports work in the packaged app). */
import { Foundation1763769600000 } from './1763769600000-Foundation.js';
import { Files1763856000000 } from './1763856000000-Files.js';
import { Handbooks1763899200000 } from './1763899200000-Handbooks.js';
import { Cities1763913600000 } from './1763913600000-Cities.js';
import { Vendors1763942400000 } from './1763942400000-Vendors.js';
import { LogsSearch1763942400001 } from './1763942400001-LogsSearch.js';
import { AgencyDocuments1763971200000 } from './1763971200000-AgencyDocuments.js';
import { Clients1764000000000 } from './1764000000000-Clients.js';
import { Agencies1764000000001 } from './1764000000001-Agencies.js';
import { RecordVersions1764100000000 } from './1764100000000-RecordVersions.js';
import { OutboxSecrets1764200000000 } from './1764200000000-OutboxSecrets.js';
import { LoginThrottle1764200000001 } from './1764200000001-LoginThrottle.js';
import { StoredContent1764300000000 } from './1764300000000-StoredContent.js';
import { RowCounts1764500000000 } from './1764500000000-RowCounts.js';
import { Transport1765100000000 } from './1765100000000-Transport.js';
import { Hotels1765000000001 } from './1765000000001-Hotels.js';
import { FileChunks1765000000002 } from './1765000000002-FileChunks.js';
import { SeatCountsByBoardingPoint1765100000010 } from './1765100000010-SeatCountsByBoardingPoint.js';
import { UploadStaging1765150000000 } from './1765150000000-UploadStaging.js';
import { FileFieldKinds1765200000020 } from './1765200000020-FileFieldKinds.js';
import { SafeLinks1765200000000 } from './1765200000000-SafeLinks.js';
import { TourServices1765300000000 } from './1765300000000-TourServices.js';
import { CatalogSections1765300000010 } from './1765300000010-CatalogSections.js';
import { Tours1765300000020 } from './1765300000020-Tours.js';
import { Routes1765300000100 } from './1765300000100-Routes.js';
import { SeaTours1765300000200 } from './1765300000200-SeaTours.js';
import { Applications1765400000000 } from './1765400000000-Applications.js';
import { DigitSearch1765400000100 } from './1765400000100-DigitSearch.js';
import { ApplicationChat1765400000200 } from './1765400000200-ApplicationChat.js';
import { ApplicationList1765400000300 } from './1765400000300-ApplicationList.js';
import { ApplicationSearchWords1765400000400 } from './1765400000400-ApplicationSearchWords.js';
import { ApplicationNumberPastAMillion1765400000500 } from './1765400000500-ApplicationNumberPastAMillion.js';
import { DigitSearchColumns1765400000600 } from './1765400000600-DigitSearchColumns.js';
import { ApplicationListContent1765400000700 } from './1765400000700-ApplicationListContent.js';
import { TourDayDescriptions1765500000000 } from './1765500000000-TourDayDescriptions.js';
import { DerivedPaymentStatus1765600000000 } from './1765600000000-DerivedPaymentStatus.js';
import { ApplicationHistory1765600000900 } from './1765600000900-ApplicationHistory.js';
import { VendorPaymentMethodKeys1765600001000 } from './1765600001000-VendorPaymentMethodKeys.js';
import { ApplicationDocuments1765600001100 } from './1765600001100-ApplicationDocuments.js';
import { ApplicationProductName1765600001300 } from './1765600001300-ApplicationProductName.js';
import { MarkDocumentsNeeded1765600001400 } from './1765600001400-MarkDocumentsNeeded.js';
import { Analytics1765600001500 } from './1765600001500-Analytics.js';
import { ApplicationFigures1765600001600 } from './1765600001600-ApplicationFigures.js';
import { TourCalculators1765600003000 } from './1765600003000-TourCalculators.js';
import { Imports1765700000000 } from './1765700000000-Imports.js';
import { ImportJob1765700000100 } from './1765700000100-ImportJob.js';
import { ImportedValues1765700000200 } from './1765700000200-ImportedValues.js';
import { SupplierMappings1765700000300 } from './1765700000300-SupplierMappings.js';
import { ImportLeases1765700000400 } from './1765700000400-ImportLeases.js';
import { AgencyCommissionCap1765700000500 } from './1765700000500-AgencyCommissionCap.js';
import { ApplicationHistoryHeads1765700001400 } from './1765700001400-ApplicationHistoryHeads.js';
import { VendorItemsStaged1765700003700 } from './1765700003700-VendorItemsStaged.js';
import { PaymentPaidAmount1765700003800 } from './1765700003800-PaymentPaidAmount.js';

export const MIGRATIONS = [
  Foundation1763769600000,
  Files1763856000000,
  Handbooks1763899200000,
  Cities1763913600000,
  Vendors1763942400000,
  LogsSearch1763942400001,
  AgencyDocuments1763971200000,
  Clients1764000000000,
  Agencies1764000000001,
  RecordVersions1764100000000,
  OutboxSecrets1764200000000,
  LoginThrottle1764200000001,
  StoredContent1764300000000,
  RowCounts1764500000000,
  Hotels1765000000001,
  FileChunks1765000000002,
  Transport1765100000000,
  SeatCountsByBoardingPoint1765100000010,
  UploadStaging1765150000000,
  SafeLinks1765200000000,
  FileFieldKinds1765200000020,
  TourServices1765300000000,
  CatalogSections1765300000010,
  Tours1765300000020,
  Routes1765300000100,
  SeaTours1765300000200,
  Applications1765400000000,
  DigitSearch1765400000100,
  ApplicationChat1765400000200,
  ApplicationList1765400000300,
  ApplicationSearchWords1765400000400,
  ApplicationNumberPastAMillion1765400000500,
  DigitSearchColumns1765400000600,
  ApplicationListContent1765400000700,
  TourDayDescriptions1765500000000,
  DerivedPaymentStatus1765600000000,
  ApplicationHistory1765600000900,
  VendorPaymentMethodKeys1765600001000,
  ApplicationDocuments1765600001100,
  ApplicationProductName1765600001300,
  MarkDocumentsNeeded1765600001400,
  Analytics1765600001500,
  ApplicationFigures1765600001600,
  TourCalculators1765600003000,
  Imports1765700000000,
  ImportJob1765700000100,
  ImportedValues1765700000200,
  SupplierMappings1765700000300,
  ImportLeases1765700000400,
  AgencyCommissionCap1765700000500,
  ApplicationHistoryHeads1765700001400,
  VendorItemsStaged1765700003700,
  PaymentPaidAmount1765700003800,
];
