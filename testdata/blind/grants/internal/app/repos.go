package app

import (
	"github.com/jmoiron/sqlx"

	"github.com/civicfund/grants/internal/repo"
	"github.com/civicfund/grants/internal/store/pg"
)

// Repos holds every repository, bound to the pool.
type Repos struct {
	Keys              repo.IdempotencyKeys
	Donations         repo.Donations
	Refunds           repo.Refunds
	Pledges           repo.Pledges
	Installments      repo.Installments
	StripeEvents      repo.ProcessedEvents
	Outbox            repo.Outbox
	Ledger            repo.Ledger
	Campaigns         repo.Campaigns
	Inbox             repo.Inbox
	Donors            repo.Donors
	Suppressions      repo.Suppressions
	Audit             repo.Audit
	TaxReceipts       repo.TaxReceipts
	EmailOutbox       repo.EmailOutbox
	MatchingOffers    repo.MatchingOffers
	MatchAllocations  repo.MatchAllocations
	Organizations     repo.Organizations
	Cycles            repo.Cycles
	Applications      repo.Applications
	Grants            repo.Grants
	Funds             repo.Funds
	Payouts           repo.Payouts
	Disbursements     repo.Disbursements
	EmergencyPayouts  repo.EmergencyPayouts
	GranteeDeliveries repo.GranteeDeliveries
	Notifications     repo.Notifications
	BankEvents        *pg.BankEventRepo
}

// NewRepos binds all repositories to q.
func NewRepos(q sqlx.ExtContext) Repos {
	return Repos{
		Keys:              pg.NewIdempotencyKeyRepo(q),
		Donations:         pg.NewDonationRepo(q),
		Refunds:           pg.NewRefundRepo(q),
		Pledges:           pg.NewPledgeRepo(q),
		Installments:      pg.NewInstallmentRepo(q),
		StripeEvents:      pg.NewProcessedEventRepo(q),
		Outbox:            pg.NewOutboxRepo(q),
		Ledger:            pg.NewLedgerRepo(q),
		Campaigns:         pg.NewCampaignRepo(q),
		Inbox:             pg.NewInboxRepo(q),
		Donors:            pg.NewDonorRepo(q),
		Suppressions:      pg.NewSuppressionRepo(q),
		Audit:             pg.NewAuditRepo(q),
		TaxReceipts:       pg.NewTaxReceiptRepo(q),
		EmailOutbox:       pg.NewEmailOutboxRepo(q),
		MatchingOffers:    pg.NewMatchingOfferRepo(q),
		MatchAllocations:  pg.NewMatchAllocationRepo(q),
		Organizations:     pg.NewOrganizationRepo(q),
		Cycles:            pg.NewCycleRepo(q),
		Applications:      pg.NewApplicationRepo(q),
		Grants:            pg.NewGrantRepo(q),
		Funds:             pg.NewFundRepo(q),
		Payouts:           pg.NewPayoutRepo(q),
		Disbursements:     pg.NewDisbursementRepo(q),
		EmergencyPayouts:  pg.NewEmergencyPayoutRepo(q),
		GranteeDeliveries: pg.NewGranteeDeliveryRepo(q),
		Notifications:     pg.NewNotificationRepo(q),
		BankEvents:        pg.NewBankEventRepo(q),
	}
}
