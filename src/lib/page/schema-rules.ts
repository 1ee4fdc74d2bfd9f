/**
 * Rules for common schema.org types, after Google's structured-data documentation: properties a
 * rich result needs (`required`; `anyOf` groups need at least one) and ones it recommends.
 */
export interface TypeRule {
  required: string[];
  anyOf?: string[][];
  recommended: string[];
}

export const TYPE_RULES: Record<string, TypeRule> = {
  Article: { required: ['headline'], recommended: ['image', 'datePublished', 'dateModified', 'author', 'publisher'] },
  NewsArticle: { required: ['headline'], recommended: ['image', 'datePublished', 'dateModified', 'author', 'publisher'] },
  BlogPosting: { required: ['headline'], recommended: ['image', 'datePublished', 'dateModified', 'author', 'publisher'] },
  Product: { required: ['name'], anyOf: [['offers', 'review', 'aggregateRating']], recommended: ['image', 'description', 'brand', 'sku', 'offers'] },
  Offer: { required: ['price', 'priceCurrency'], recommended: ['availability', 'url', 'priceValidUntil'] },
  AggregateOffer: { required: ['lowPrice', 'priceCurrency'], recommended: ['highPrice', 'offerCount'] },
  Organization: { required: ['name'], recommended: ['url', 'logo', 'sameAs', 'contactPoint'] },
  Corporation: { required: ['name'], recommended: ['url', 'logo', 'sameAs'] },
  LocalBusiness: { required: ['name', 'address'], recommended: ['telephone', 'url', 'openingHoursSpecification', 'geo', 'priceRange', 'image'] },
  Restaurant: { required: ['name', 'address'], recommended: ['telephone', 'url', 'openingHoursSpecification', 'servesCuisine', 'priceRange', 'image', 'menu'] },
  Store: { required: ['name', 'address'], recommended: ['telephone', 'url', 'openingHoursSpecification', 'image'] },
  BreadcrumbList: { required: ['itemListElement'], recommended: [] },
  ListItem: { required: ['position'], recommended: ['name', 'item'] },
  FAQPage: { required: ['mainEntity'], recommended: [] },
  Question: { required: ['name', 'acceptedAnswer'], recommended: [] },
  Answer: { required: ['text'], recommended: [] },
  WebSite: { required: ['name', 'url'], recommended: ['potentialAction'] },
  WebPage: { required: ['name'], recommended: ['description', 'url'] },
  Person: { required: ['name'], recommended: ['url', 'sameAs', 'image', 'jobTitle'] },
  Event: {
    required: ['name', 'startDate', 'location'],
    recommended: ['endDate', 'eventStatus', 'eventAttendanceMode', 'image', 'description', 'offers', 'organizer', 'performer'],
  },
  Recipe: {
    required: ['name', 'image'],
    recommended: [
      'author',
      'datePublished',
      'description',
      'recipeIngredient',
      'recipeInstructions',
      'totalTime',
      'recipeYield',
      'nutrition',
      'aggregateRating',
    ],
  },
  VideoObject: { required: ['name', 'thumbnailUrl', 'uploadDate'], recommended: ['description', 'contentUrl', 'embedUrl', 'duration'] },
  Review: { required: ['itemReviewed', 'author'], recommended: ['reviewRating', 'datePublished'] },
  AggregateRating: { required: ['ratingValue'], anyOf: [['ratingCount', 'reviewCount']], recommended: ['bestRating', 'worstRating'] },
  HowTo: { required: ['name', 'step'], recommended: ['image', 'totalTime', 'supply', 'tool'] },
  JobPosting: {
    required: ['title', 'description', 'datePosted', 'hiringOrganization'],
    anyOf: [['jobLocation', 'applicantLocationRequirements']],
    recommended: ['validThrough', 'employmentType', 'baseSalary', 'identifier'],
  },
  SoftwareApplication: { required: ['name'], anyOf: [['offers', 'aggregateRating', 'review']], recommended: ['operatingSystem', 'applicationCategory'] },
  Course: { required: ['name', 'description'], recommended: ['provider', 'offers', 'hasCourseInstance'] },
  ImageObject: { required: ['contentUrl'], recommended: ['license', 'creator', 'creditText'] },
  PostalAddress: { required: [], recommended: ['streetAddress', 'addressLocality', 'postalCode', 'addressCountry'] },
};

export const DATE_PROPS = new Set([
  'datePublished',
  'dateModified',
  'uploadDate',
  'startDate',
  'endDate',
  'datePosted',
  'validThrough',
  'priceValidUntil',
  'dateCreated',
]);
export const URL_PROPS = new Set(['url', 'logo', 'image', 'thumbnailUrl', 'contentUrl', 'embedUrl', 'sameAs', 'item']);
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
