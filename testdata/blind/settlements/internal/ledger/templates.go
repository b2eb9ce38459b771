package ledger

import (
	"fmt"

	"github.com/trustwell/settlements/internal/domain"
	"github.com/trustwell/settlements/internal/money"
)

// DepositReceived books a wire into trust against the settlement's funds.
func DepositReceived(d *domain.Deposit) *Journal {
	return NewJournal(SourceDeposit, fmt.Sprintf("wire %s from %s", d.WireReference, d.PayerName)).
		Sourced(d.ID).
		ForSettlement(d.SettlementID).
		Debit(TrustCash, d.AmountCents).
		Credit(domain.FundsAccount(d.SettlementID), d.AmountCents)
}

// ClaimantPaid books an ACH payout out of the settlement's funds.
func ClaimantPaid(d *domain.Disbursement) *Journal {
	return NewJournal(SourceDisbursement, "ACH payout to claimant "+d.ClaimantID).
		Sourced(d.ID).
		ForSettlement(d.SettlementID).
		Debit(domain.FundsAccount(d.SettlementID), d.AmountCents).
		Credit(TrustCash, d.AmountCents)
}

// ClaimantPaymentReturned reverses a payout the receiving bank returned.
func ClaimantPaymentReturned(d *domain.Disbursement, providerEventID string) *Journal {
	return NewJournal(SourceReturn, "ACH return for disbursement "+d.ID).
		Sourced(providerEventID).
		ForSettlement(d.SettlementID).
		Debit(TrustCash, d.AmountCents).
		Credit(domain.FundsAccount(d.SettlementID), d.AmountCents)
}

// HoldbackReleased books a holdback payout.
func HoldbackReleased(h *domain.Holdback) *Journal {
	return NewJournal(SourceHoldback, "holdback release: "+h.Reason).
		Sourced(h.ID).
		ForSettlement(h.SettlementID).
		Debit(domain.FundsAccount(h.SettlementID), h.AmountCents).
		Credit(TrustCash, h.AmountCents)
}

// FeeDraw moves an earned fee out of trust into operating. Both sides of the
// firm's books are recorded so trust and operating reconcile together.
func FeeDraw(settlementID string, amt money.Cents, memo string) *Journal {
	return NewJournal(SourceFeeDraw, memo).
		ForSettlement(settlementID).
		Debit(domain.FundsAccount(settlementID), amt).
		Credit(TrustCash, amt).
		Debit(OperatingCash, amt).
		Credit(FeeIncome, amt)
}

// LienCheckIssued books a check to a lienholder.
func LienCheckIssued(p *domain.LienPayment) *Journal {
	return NewJournal(SourceLienCheck, "lien check for lien "+p.LienID).
		Sourced(p.ID).
		ForSettlement(p.SettlementID).
		Debit(domain.FundsAccount(p.SettlementID), p.AmountCents).
		Credit(TrustCash, p.AmountCents)
}

// LienCheckVoided reverses a voided lien check.
func LienCheckVoided(p *domain.LienPayment) *Journal {
	return NewJournal(SourceLienCheckVoid, "void lien check "+p.ID).
		Sourced(p.ID).
		ForSettlement(p.SettlementID).
		Debit(TrustCash, p.AmountCents).
		Credit(domain.FundsAccount(p.SettlementID), p.AmountCents)
}

// TrustTransfer moves client funds between two settlements' ledgers, e.g.
// when a wire was applied to the wrong matter.
func TrustTransfer(fromSettlement, toSettlement string, amt money.Cents, reason string) *Journal {
	return NewJournal(SourceTrustTransfer, reason).
		ForSettlement(fromSettlement).
		Debit(domain.FundsAccount(fromSettlement), amt).
		Credit(domain.FundsAccount(toSettlement), amt)
}
