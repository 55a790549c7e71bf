// The package fixture the web's tests and the server's share (packages/report-slides/testing).
export { packageFixture, withOrganisationHidden } from '@survey/report-slides/testing';
