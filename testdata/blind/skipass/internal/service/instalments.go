package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/uptrace/bun"

	"github.com/summitline/skipass/internal/model"
	"github.com/summitline/skipass/internal/platform/queue"
	"github.com/summitline/skipass/internal/provider/mailer"
	"github.com/summitline/skipass/internal/provider/stripepay"
	"github.com/summitline/skipass/internal/store"
	"github.com/summitline/skipass/internal/tasks"
)

const maxChargeAttempts = 4

// InstalmentService collects season-pass instalments off-session.
type InstalmentService interface {
	QueueDue(ctx context.Context, asOf time.Time) (int, error)
	Charge(ctx context.Context, instalmentID int64) error
	SendReceipt(ctx context.Context, instalmentID int64) error
	RecordFailure(ctx context.Context, paymentIntentID, reason string) error
}

type instalmentService struct {
	db            *bun.DB
	accounts      store.Accounts
	contracts     store.Contracts
	instalments   store.Instalments
	notifications store.Notifications
	payments      Payments
	mail          Mailer
	queue         queue.Enqueuer
	log           *slog.Logger
	now           Clock
}

func NewInstalmentService(db *bun.DB, accounts store.Accounts, contracts store.Contracts, instalments store.Instalments,
	notifications store.Notifications, payments Payments, mail Mailer, q queue.Enqueuer, log *slog.Logger) *instalmentService {
	return &instalmentService{
		db: db, accounts: accounts, contracts: contracts, instalments: instalments,
		notifications: notifications, payments: payments, mail: mail, queue: q, log: log, now: time.Now,
	}
}

// QueueDue queues a charge for every instalment that is due. The task ID
// includes the attempt number so a failed instalment is retried on the next
// run but never queued twice for the same attempt.
func (s *instalmentService) QueueDue(ctx context.Context, asOf time.Time) (int, error) {
	due, err := s.instalments.ListDue(ctx, s.db, asOf, 500)
	if err != nil {
		return 0, err
	}
	for _, inst := range due {
		t, err := tasks.New(tasks.TypeChargeInstalment, tasks.ChargeInstalment{InstalmentID: inst.ID})
		if err != nil {
			return 0, err
		}
		opts := tasks.Options(tasks.TypeChargeInstalment, tasks.ID("instalment", inst.ID, inst.Attempts+1))
		if err := tasks.Enqueue(ctx, s.queue, t, opts...); err != nil {
			return 0, err
		}
	}
	return len(due), nil
}

// ErrDeclined is returned when the card was declined; the instalment is
// retried by the next scheduler run rather than by the queue.
var ErrDeclined = errors.New("card declined")

func (s *instalmentService) Charge(ctx context.Context, instalmentID int64) error {
	inst, err := s.instalments.Get(ctx, s.db, instalmentID)
	if err != nil {
		return mapErr(err)
	}
	if inst.Status == model.InstalmentPaid {
		return nil
	}
	contract, err := s.contracts.Get(ctx, s.db, inst.ContractID)
	if err != nil {
		return err
	}
	if contract.Status != model.ContractActive {
		return nil
	}
	acct, err := s.accounts.Get(ctx, s.db, contract.AccountID)
	if err != nil {
		return err
	}

	attempt, err := s.instalments.BeginAttempt(ctx, s.db, inst.ID)
	if err != nil {
		return mapErr(err)
	}
	pi, err := s.payments.CreatePaymentIntent(ctx, offSessionCharge(acct, contract, inst),
		stripepay.WithMetadata(map[string]string{
			"instalment_id": strconv.FormatInt(inst.ID, 10),
			"contract_id":   contract.ID,
			"attempt":       strconv.Itoa(attempt),
		}))
	if err != nil {
		if stripepay.CardDeclined(err) {
			return s.declined(ctx, inst, contract, attempt, err)
		}
		return err
	}

	if _, err := withTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) (string, error) {
		return pi.ID, s.instalments.MarkPaid(ctx, tx, inst.ID, pi.ID, s.now())
	}); err != nil {
		return err
	}

	t, err := tasks.New(tasks.TypeInstalmentReceipt, tasks.InstalmentReceipt{InstalmentID: inst.ID})
	if err != nil {
		return err
	}
	return tasks.Enqueue(ctx, s.queue, t, tasks.Options(tasks.TypeInstalmentReceipt, tasks.ID("receipt", inst.ID))...)
}

func offSessionCharge(acct *model.Account, c *model.SeasonContract, inst *model.Instalment) stripepay.PaymentIntentInput {
	return stripepay.PaymentIntentInput{
		AmountCents:   inst.AmountCents,
		Currency:      c.Currency,
		CustomerID:    acct.StripeCustomerID,
		PaymentMethod: acct.DefaultPaymentMethod,
		Description:   fmt.Sprintf("Season pass %s, instalment %d of %d", c.Season, inst.Seq, c.Instalments),
		OffSession:    true,
		Confirm:       true,
	}
}

func (s *instalmentService) declined(ctx context.Context, inst *model.Instalment, c *model.SeasonContract, attempt int, cause error) error {
	_, err := withTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) (bool, error) {
		if err := s.instalments.MarkFailed(ctx, tx, inst.ID, cause.Error()); err != nil {
			return false, err
		}
		if attempt < maxChargeAttempts {
			return false, nil
		}
		return true, s.contracts.MarkDefaulted(ctx, tx, c.ID)
	})
	if err != nil {
		return err
	}
	return fmt.Errorf("instalment %d attempt %d: %w", inst.ID, attempt, ErrDeclined)
}

// RecordFailure handles an asynchronous failure reported by Stripe.
func (s *instalmentService) RecordFailure(ctx context.Context, paymentIntentID, reason string) error {
	inst, err := s.instalments.ByPaymentIntent(ctx, s.db, paymentIntentID)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	return s.instalments.MarkFailed(ctx, s.db, inst.ID, reason)
}

func (s *instalmentService) SendReceipt(ctx context.Context, instalmentID int64) error {
	inst, err := s.instalments.Get(ctx, s.db, instalmentID)
	if err != nil {
		return mapErr(err)
	}
	if inst.Status != model.InstalmentPaid {
		return nil
	}
	c, err := s.contracts.Get(ctx, s.db, inst.ContractID)
	if err != nil {
		return err
	}
	acct, err := s.accounts.Get(ctx, s.db, c.AccountID)
	if err != nil {
		return err
	}
	n, err := s.notifications.Ensure(ctx, s.db, &model.Notification{
		AccountID: acct.ID,
		Kind:      "instalment_receipt",
		Ref:       strconv.FormatInt(inst.ID, 10),
		Channel:   "email",
	})
	if err != nil {
		return err
	}
	if n.SentAt != nil {
		return nil
	}
	if err := s.mail.Send(ctx, mailer.Message{
		To:       acct.Email,
		Template: "instalment-receipt",
		Vars: map[string]string{
			"name":        acct.DisplayName,
			"season":      c.Season,
			"seq":         strconv.Itoa(inst.Seq),
			"of":          strconv.Itoa(c.Instalments),
			"amount":      fmt.Sprintf("%.2f %s", float64(inst.AmountCents)/100, c.Currency),
			"holder_name": c.HolderName,
		},
	}, fmt.Sprintf("notification-%d", n.ID)); err != nil {
		return err
	}
	return s.notifications.MarkSent(ctx, s.db, n.ID, s.now())
}
