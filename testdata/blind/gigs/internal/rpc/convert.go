package rpc

import (
	"time"

	escrowv1 "github.com/gigbridge/escrow/internal/gen/escrow/v1"
	"github.com/gigbridge/escrow/internal/service"
	"github.com/gigbridge/escrow/internal/store"
)

func fmtTime(t *time.Time) string {
	if t == nil || t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

func parseTime(s string) (*time.Time, error) {
	if s == "" {
		return nil, nil
	}
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return nil, err
	}
	return &t, nil
}

func toMilestone(v service.MilestoneView) *escrowv1.Milestone {
	m := v.Milestone
	return &escrowv1.Milestone{
		Id:            m.ID,
		ContractId:    m.ContractID,
		Title:         m.Title,
		Description:   m.Description,
		AmountMinor:   m.AmountMinor,
		Currency:      m.Currency,
		Status:        string(m.Status),
		DueAt:         fmtTime(m.DueAt),
		HeldMinor:     v.Escrow.HeldMinor,
		ReleasedMinor: v.Escrow.ReleasedMinor,
		RefundedMinor: v.Escrow.RefundedMinor,
		Frozen:        v.Escrow.Frozen,
	}
}

func toLedger(entries []store.LedgerEntry) []*escrowv1.LedgerEntry {
	out := make([]*escrowv1.LedgerEntry, 0, len(entries))
	for _, e := range entries {
		created := e.CreatedAt
		out = append(out, &escrowv1.LedgerEntry{
			Id:          e.ID,
			Account:     e.Account,
			Direction:   e.Direction,
			AmountMinor: e.AmountMinor,
			Currency:    e.Currency,
			Reason:      e.Reason,
			CreatedAt:   fmtTime(&created),
		})
	}
	return out
}

func toSubmission(s store.Submission) *escrowv1.Submission {
	return &escrowv1.Submission{
		Id:          s.ID,
		MilestoneId: s.MilestoneID,
		Revision:    int32(s.Revision),
		Status:      s.Status,
		Note:        s.Note,
		FileUrls:    s.FileURLs,
	}
}

func toDispute(d store.Dispute) *escrowv1.Dispute {
	out := &escrowv1.Dispute{
		Id:            d.ID,
		MilestoneId:   d.MilestoneID,
		Status:        d.Status,
		Reason:        d.Reason,
		DisputedMinor: d.DisputedMinor,
		Currency:      d.Currency,
	}
	if d.ClientShareBps != nil {
		out.ClientShareBps = int32(*d.ClientShareBps)
	}
	return out
}

func toBankAccount(b store.BankAccount) *escrowv1.BankAccount {
	return &escrowv1.BankAccount{Id: b.ID, Last4: b.Last4, Country: b.Country, Currency: b.Currency, IsDefault: b.IsDefault}
}

func toPayout(p store.Payout) *escrowv1.Payout {
	return &escrowv1.Payout{
		Id:            p.ID,
		Status:        p.Status,
		AmountMinor:   p.AmountMinor,
		Currency:      p.Currency,
		BankAccountId: p.BankAccountID,
		FailureReason: p.FailureReason,
	}
}

func toQuote(q store.FxQuote) *escrowv1.FxQuote {
	exp := q.ExpiresAt
	return &escrowv1.FxQuote{
		Id:             q.ID,
		SourceCurrency: q.SourceCurrency,
		TargetCurrency: q.TargetCurrency,
		SourceMinor:    q.SourceMinor,
		TargetMinor:    q.TargetMinor,
		Rate:           q.Rate.String(),
		ExpiresAt:      fmtTime(&exp),
		Status:         q.Status,
	}
}
