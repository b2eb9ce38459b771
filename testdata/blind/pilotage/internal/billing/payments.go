package billing

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/harbourline-systems/pilotage/internal/db"
	"github.com/harbourline-systems/pilotage/internal/mailer"
	"github.com/harbourline-systems/pilotage/internal/store"
)

// Mailer sends transactional e-mail.
type Mailer interface {
	Send(ctx context.Context, e mailer.Email, opts ...mailer.Option) (mailer.SendResult, error)
}

// TransferNotification is the bank's webhook for an incoming instant
// transfer on the dues account.
type TransferNotification struct {
	NotificationID string    `json:"notification_id"`
	EndToEndRef    string    `json:"end_to_end_id"`
	Remittance     string    `json:"remittance_information"`
	AmountCents    int64     `json:"amount_minor"`
	Currency       string    `json:"currency"`
	BookedAt       time.Time `json:"booking_date_time"`
}

// StatementLine is one credit line of the daily statement for the SEPA
// collection account, relayed onto Kafka by the treasury system.
type StatementLine struct {
	LineRef     string    `json:"line_ref"`
	Remittance  string    `json:"remittance"`
	AmountCents int64     `json:"amount_minor"`
	Currency    string    `json:"currency"`
	ValueDate   time.Time `json:"value_date"`
}

type PaymentService struct {
	q    *db.Queries
	uow  store.UnitOfWork
	mail Mailer
	log  *slog.Logger
}

func NewPaymentService(q *db.Queries, uow store.UnitOfWork, m Mailer, log *slog.Logger) *PaymentService {
	return &PaymentService{q: q, uow: uow, mail: m, log: log.With("service", "payments")}
}

// HandleTransfer applies a transfer notification from the bank's webhook.
func (s *PaymentService) HandleTransfer(ctx context.Context, n TransferNotification) error {
	if n.Currency != "EUR" {
		return fmt.Errorf("unsupported currency %q", n.Currency)
	}
	done, err := s.q.BankNotificationExists(ctx, n.NotificationID)
	if err != nil {
		return err
	}
	if done {
		return nil
	}

	err = s.uow.WithinTx(ctx, func(ctx context.Context, q *db.Queries) error {
		return applyCredit(ctx, q, credit{
			invoiceNumber: invoiceNumberFrom(n.Remittance),
			amountCents:   n.AmountCents,
			bankReference: n.EndToEndRef,
			source:        "instant-webhook",
			receivedAt:    n.BookedAt,
		})
	})
	if errors.Is(err, ErrUnmatched) {
		// Treasury reconciles unmatched credits by hand from the bank portal.
		s.log.Warn("unmatched transfer", "notification_id", n.NotificationID, "remittance", n.Remittance)
		err = nil
	}
	if err != nil {
		return err
	}
	return s.q.InsertBankNotification(ctx, n.NotificationID)
}

// ApplyStatementLine applies one statement line. Lines are claimed in the
// same transaction as the payment.
func (s *PaymentService) ApplyStatementLine(ctx context.Context, l StatementLine) error {
	if l.Currency != "EUR" {
		s.log.Warn("skipping non-EUR statement line", "line_ref", l.LineRef, "currency", l.Currency)
		return nil
	}
	err := s.uow.WithinTx(ctx, func(ctx context.Context, q *db.Queries) error {
		claimed, err := q.ClaimStatementLine(ctx, l.LineRef)
		if err != nil {
			return err
		}
		if claimed == 0 {
			return nil
		}
		return applyCredit(ctx, q, credit{
			invoiceNumber: invoiceNumberFrom(l.Remittance),
			amountCents:   l.AmountCents,
			bankReference: l.LineRef,
			source:        "sepa-statement",
			receivedAt:    l.ValueDate,
		})
	})
	if errors.Is(err, ErrUnmatched) {
		s.log.Warn("unmatched statement line", "line_ref", l.LineRef, "remittance", l.Remittance)
		return nil
	}
	return err
}

func formatCents(c int64) string {
	sign := ""
	if c < 0 {
		sign, c = "-", -c
	}
	return sign + "EUR " + strconv.FormatInt(c/100, 10) + "." + fmt.Sprintf("%02d", c%100)
}
