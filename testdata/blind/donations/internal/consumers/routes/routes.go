// Package routes is the consumer table: which queue receives which routing
// keys, and which handler processes each.
package routes

import (
	"github.com/kindredgive/donations/internal/consumers/dedupe"
	"github.com/kindredgive/donations/internal/consumers/handlers"
	"github.com/kindredgive/donations/internal/domain"
	"github.com/kindredgive/donations/internal/platform/rabbit"
)

// Queue names.
const (
	QReceipts         = "receipts.donation"
	QCRMActivity      = "crm.activity"
	QCampaignTotals   = "totals.campaign"
	QFundraiserTotals = "totals.fundraiser"
	QCharityNotify    = "charity.notify"
	QRecurring        = "recurring.charges"
	QMatchingSubmit   = "matching.submit"
	QPayouts          = "payouts.execute"
	QRefunds          = "refunds.apply"
	QAnnualStatements = "receipts.annual"
	QCRMContacts      = "crm.contacts"
)

// Table builds the dispatcher's routing table.
func Table(h *handlers.Set, guard *dedupe.Guard) rabbit.Table {
	return rabbit.Table{
		QReceipts:         {domain.RKDonationSucceeded: h.DonationReceipt},
		QCRMActivity:      {domain.RKDonationSucceeded: h.GiftToCRM},
		QCampaignTotals:   {domain.RKDonationSucceeded: guard.Once(QCampaignTotals, h.CampaignTotals)},
		QFundraiserTotals: {domain.RKDonationSucceeded: h.FundraiserTotals},
		QCharityNotify:    {domain.RKDonationSucceeded: h.CharityWebhook},
		QRecurring:        {domain.RKRecurringChargeDue: h.RecurringCharge},
		QMatchingSubmit:   {domain.RKMatchingRequested: h.MatchingSubmit},
		QPayouts:          {domain.RKPayoutRequested: h.PayoutExecute},
		QRefunds:          {domain.RKDonationRefunded: h.RefundApply},
		QAnnualStatements: {domain.RKAnnualStatement: h.AnnualStatement},
		QCRMContacts:      {domain.RKDonorChanged: h.DonorToCRM},
	}
}
