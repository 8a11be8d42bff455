import { bookCatalogRoute } from './book-catalog';
import { bookRoute } from './book';
import { categoryRoute } from './category';
import { homeDayRankedRoute } from './home-day-ranked';
import { homeDayRoute } from './home-day';
import { homeKkbgRoute } from './home-kkbg';
import { homeLatestRoute } from './home-latest';
import { homeNewOnRoute } from './home-new-on';
import { homeNewRoute } from './home-new';
import { homeRankedRoute } from './home-ranked';
import { homeRecommendRoute } from './home-recommend';
import { homeRoute } from './home';
import { homeThreeDRoute } from './home-three-d';
import { landingRoute } from './landing';
import { newRoute } from './new';
import { purchaseRoute } from './purchase';
import { readerRoute } from './reader';
import { searchRoute } from './search';
import { searchVodRoute } from './search-vod';
import { shelfRoute } from './shelf';
import { shelfVodRoute } from './shelf-vod';
import { userBindRoute } from './user-bind';
import { userDownloadsRoute } from './user-downloads';
import { userFindAccountRoute } from './user-find-account';
import { userLoginRoute } from './user-login';
import { userPasswordRoute } from './user-password';
import { userPurchaseHistoryRoute } from './user-purchase-history';
import { userPurchasePayRoute } from './user-purchase-pay';
import { userRoute } from './user';
import { vodCategoryRoute } from './vod-category';
import { vodDetailRoute } from './vod-detail';
import { vodRoute } from './vod';
import { redirectRoutes } from './redirects';
import { rootRoute } from './__root';

/** Every route of the spec's table (§2). */
export const routeTree = rootRoute.addChildren([
  ...redirectRoutes,
  landingRoute,
  homeRoute,
  homeRecommendRoute,
  homeThreeDRoute,
  homeKkbgRoute,
  homeNewOnRoute,
  homeNewRoute,
  homeDayRoute,
  homeRankedRoute,
  homeDayRankedRoute,
  homeLatestRoute,
  newRoute,
  categoryRoute,
  searchRoute,
  bookRoute,
  bookCatalogRoute,
  readerRoute,
  shelfRoute,
  vodRoute,
  vodCategoryRoute,
  vodDetailRoute,
  searchVodRoute,
  shelfVodRoute,
  userRoute,
  userLoginRoute,
  userBindRoute,
  userPasswordRoute,
  purchaseRoute,
  userPurchaseHistoryRoute,
  userFindAccountRoute,
  userPurchasePayRoute,
  userDownloadsRoute,
]);
