// Package membership applies paid dues to members.
package membership

import (
	"context"
	"log/slog"

	"github.com/furrowline/seedbank/internal/domain"
	"github.com/furrowline/seedbank/internal/events"
	"github.com/furrowline/seedbank/internal/notify"
	"github.com/furrowline/seedbank/internal/platform/database"
	"github.com/furrowline/seedbank/internal/platform/idgen"
)

type Members interface {
	Get(ctx context.Context, id string) (*domain.Member, error)
	ExtendPaidThrough(ctx context.Context, memberID string) error
}

// Service applies dues.
type Service struct {
	tx      database.TxRunner
	members Members
	mailer  notify.Mailer
	log     *slog.Logger
}

func NewService(tx database.TxRunner, members Members, mailer notify.Mailer, log *slog.Logger) *Service {
	return &Service{tx: tx, members: members, mailer: mailer, log: log}
}

// ApplyDues extends the member's paid-through date by a year and emails a
// receipt.
func (s *Service) ApplyDues(ctx context.Context, evt events.DuesPaid) error {
	var member *domain.Member
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.members.ExtendPaidThrough(ctx, evt.MemberID); err != nil {
			return err
		}
		var err error
		member, err = s.members.Get(ctx, evt.MemberID)
		return err
	})
	if err != nil {
		return err
	}
	_, err = s.mailer.Send(ctx, member.Email, notify.TemplateDuesReceipt,
		map[string]any{"name": member.Name, "period": evt.Period, "paid_through": member.PaidThrough},
		notify.WithDedupKey(idgen.Derived("dues-receipt", evt.InvoiceID)))
	if err != nil {
		// The membership is already extended; a missing receipt is not worth
		// replaying the whole message for.
		s.log.WarnContext(ctx, "dues receipt not sent", slog.String("member", member.ID), slog.Any("err", err))
	}
	return nil
}
