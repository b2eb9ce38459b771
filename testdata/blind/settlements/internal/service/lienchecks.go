package service

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"
	"go.uber.org/zap"

	"github.com/trustwell/settlements/internal/domain"
	"github.com/trustwell/settlements/internal/ledger"
	"github.com/trustwell/settlements/internal/providers/checkmail"
)

type firmAddress struct {
	Name, Line1, Line2, City, State, Zip string
}

var defaultFirmAddress = firmAddress{
	Name:  "Trustwell Law LLP — IOLTA Trust Account",
	Line1: "400 Commerce Street",
	Line2: "Suite 1200",
	City:  "Dallas",
	State: "TX",
	Zip:   "75202",
}

func ledgerVoid(p *domain.LienPayment, actor string) *ledger.Journal {
	return ledger.LienCheckVoided(p).By(actor)
}

// IssueCheck prints and mails the payoff check for a pending lien payment.
// Called by the pay_lien worker.
func (s *lienService) IssueCheck(ctx context.Context, lienPaymentID string) error {
	p, err := s.lienPayments.Get(ctx, s.db, lienPaymentID)
	if err != nil {
		return err
	}
	if p.Status != domain.LienPaymentPending {
		return nil
	}
	l, err := s.liens.Get(ctx, s.db, p.LienID)
	if err != nil {
		return err
	}
	c, err := s.claimants.Get(ctx, s.db, l.ClaimantID)
	if err != nil {
		return err
	}

	chk, err := s.checks.CreateCheck(ctx, checkmail.CheckRequest{
		To: checkmail.Address{
			Name:       l.LienholderName,
			Line1:      l.PayeeLine1,
			Line2:      l.PayeeLine2,
			City:       l.PayeeCity,
			State:      l.PayeeState,
			PostalCode: l.PayeePostalCode,
		},
		From: checkmail.Address{
			Name:       s.firm.Name,
			Line1:      s.firm.Line1,
			Line2:      s.firm.Line2,
			City:       s.firm.City,
			State:      s.firm.State,
			PostalCode: s.firm.Zip,
		},
		AmountCents: int64(p.AmountCents),
		Memo:        truncate(fmt.Sprintf("Ref %s / %s", l.LienholderRef, c.FullName), 40),
		Description: "Lien payoff " + l.ID,
		Metadata: map[string]string{
			"lien_payment_id": p.ID,
			"lien_id":         l.ID,
			"settlement_id":   p.SettlementID,
		},
	})
	if err != nil {
		return err
	}

	return s.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		j := ledger.LienCheckIssued(p)
		if _, err := s.book.Post(ctx, tx, j); err != nil {
			return err
		}
		if err := s.lienPayments.MarkIssued(ctx, tx, p.ID, chk.ID, chk.CheckNumber, j.ID); err != nil {
			return err
		}
		s.log.Info("lien check issued",
			zap.String("lien_payment_id", p.ID),
			zap.String("check_id", chk.ID),
			zap.String("check_number", chk.CheckNumber))
		return nil
	})
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}
