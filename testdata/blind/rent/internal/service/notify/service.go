// Package notify sends tenant-facing e-mail and SMS.
package notify

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"go.uber.org/dig"

	"github.com/keystone-pm/rent/internal/db"
	"github.com/keystone-pm/rent/internal/ids"
	"github.com/keystone-pm/rent/internal/provider/mailer"
	"github.com/keystone-pm/rent/internal/provider/textmsg"
	"github.com/keystone-pm/rent/internal/repo"
	"github.com/keystone-pm/rent/internal/tasks"
)

var ErrNoPhone = errors.New("tenant has no mobile number on file")

type Mailer interface {
	Send(ctx context.Context, e mailer.Email) (*mailer.Result, error)
}

type Texter interface {
	Send(ctx context.Context, m textmsg.Message) (*textmsg.Sent, error)
}

type Service interface {
	SendReceipt(ctx context.Context, paymentID string) error
	SendLateFeeNotice(ctx context.Context, chargeID, leaseID string) error
	SendRentReminders(ctx context.Context, dueOn time.Time) (int, error)
	SendManualReminder(ctx context.Context, leaseID, note string) (*textmsg.Sent, error)
	PaymentReturned(ctx context.Context, paymentID string, fee *repo.Charge) error
}

type Params struct {
	dig.In

	DB       *db.DB
	Leases   repo.LeaseStore
	Payments repo.PaymentStore
	Charges  repo.ChargeStore
	Ops      repo.OpsStore
	Mail     Mailer
	SMS      Texter
	Log      *slog.Logger
}

type service struct {
	db       *db.DB
	leases   repo.LeaseStore
	payments repo.PaymentStore
	charges  repo.ChargeStore
	ops      repo.OpsStore
	mail     Mailer
	sms      Texter
	log      *slog.Logger
	newToken func() string
}

func New(p Params) Service {
	return &service{
		db:       p.DB,
		leases:   p.Leases,
		payments: p.Payments,
		charges:  p.Charges,
		ops:      p.Ops,
		mail:     p.Mail,
		sms:      p.SMS,
		log:      p.Log.With("component", "notify"),
		newToken: ids.Token,
	}
}

func dollars(cents int64) string { return fmt.Sprintf("$%d.%02d", cents/100, cents%100) }

// SendReceipt e-mails the payment receipt at most once. The claim row is
// committed before the send; if an earlier attempt claimed it, this one does
// not send again.
func (s *service) SendReceipt(ctx context.Context, paymentID string) error {
	p, err := s.payments.Get(ctx, s.db.Q(), paymentID)
	if err != nil {
		return err
	}
	tenant, err := s.leases.GetTenant(ctx, s.db.Q(), p.TenantID)
	if err != nil {
		return err
	}
	claimed, existing, err := s.ops.ClaimReceipt(ctx, s.db.Q(), p.ID, tenant.Email)
	if err != nil {
		return err
	}
	if !claimed {
		if existing != nil && existing.Status != "sent" {
			s.log.Warn("receipt send outcome unknown; not resending", "payment_id", p.ID, "claimed_at", existing.ClaimedAt)
		}
		return nil
	}
	res, err := s.mail.Send(ctx, mailer.Email{
		To:       tenant.Email,
		Subject:  "Your rent payment receipt",
		TextBody: fmt.Sprintf("Hi %s,\n\nWe received your payment of %s on %s.\nReference: %s\n", tenant.FullName, dollars(p.AmountCents), p.UpdatedAt.Format("Jan 2, 2006"), p.ID),
		Tag:      "receipt",
		Metadata: map[string]string{"payment_id": p.ID},
	})
	if err != nil {
		s.log.Error("receipt send failed", "payment_id", p.ID, "err", err)
		return nil
	}
	return s.ops.MarkReceiptSent(ctx, s.db.Q(), p.ID, res.MessageID)
}

func (s *service) tenantPhone(ctx context.Context, leaseID string) (*repo.Tenant, string, error) {
	t, err := s.leases.PrimaryTenant(ctx, s.db.Q(), leaseID)
	if err != nil {
		return nil, "", err
	}
	if t.Phone == nil || *t.Phone == "" {
		return t, "", ErrNoPhone
	}
	return t, *t.Phone, nil
}

// SendLateFeeNotice texts the tenant about a late fee.
func (s *service) SendLateFeeNotice(ctx context.Context, chargeID, leaseID string) error {
	c, err := s.charges.Get(ctx, s.db.Q(), chargeID)
	if err != nil {
		return err
	}
	if c.Status != repo.ChargeOpen {
		return nil
	}
	_, phone, err := s.tenantPhone(ctx, leaseID)
	if errors.Is(err, ErrNoPhone) {
		return nil
	}
	if err != nil {
		return err
	}
	msg := textmsg.NewMessage(phone,
		fmt.Sprintf("A late fee of %s was added to your rent balance. Pay now to avoid further fees.", dollars(c.AmountCents))).
		WithIdempotencyToken(s.newToken())
	sent, err := s.sms.Send(ctx, msg)
	if err != nil {
		return err
	}
	return s.ops.AppendSMS(ctx, s.db.Q(), repo.SMSLogEntry{
		LeaseID: leaseID, Purpose: "late_fee", To: phone, IdempotencyToken: msg.Token(), ProviderSID: sent.SID,
	})
}

// SendRentReminders texts every tenant whose rent is due on dueOn. The token
// is derived from the lease and due date so rerunning the job does not
// re-send reminders that already went out.
func (s *service) SendRentReminders(ctx context.Context, dueOn time.Time) (int, error) {
	leases, err := s.leases.ListActiveByDueDay(ctx, s.db.Q(), dueOn.Day())
	if err != nil {
		return 0, err
	}
	sent := 0
	var errs []error
	for _, l := range leases {
		_, phone, err := s.tenantPhone(ctx, l.ID)
		if errors.Is(err, ErrNoPhone) || errors.Is(err, repo.ErrNotFound) {
			continue
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		tok := ids.Derive("rent-reminder", l.ID, dueOn.Format(tasks.DateLayout))
		msg := textmsg.NewMessage(phone,
			fmt.Sprintf("Reminder: rent of %s for unit %s is due %s.", dollars(l.RentCents), l.UnitLabel, dueOn.Format("Mon Jan 2"))).
			WithIdempotencyToken(tok)
		res, err := s.sms.Send(ctx, msg)
		if err != nil {
			errs = append(errs, fmt.Errorf("lease %s: %w", l.ID, err))
			continue
		}
		if err := s.ops.AppendSMS(ctx, s.db.Q(), repo.SMSLogEntry{
			LeaseID: l.ID, Purpose: "rent_reminder", To: phone, IdempotencyToken: tok, ProviderSID: res.SID,
		}); err != nil {
			s.log.Warn("log reminder", "lease_id", l.ID, "err", err)
		}
		sent++
	}
	return sent, errors.Join(errs...)
}

// SendManualReminder lets a property manager nudge a tenant from the
// dashboard.
func (s *service) SendManualReminder(ctx context.Context, leaseID, note string) (*textmsg.Sent, error) {
	lease, err := s.leases.Get(ctx, s.db.Q(), leaseID)
	if err != nil {
		return nil, err
	}
	owed, err := s.charges.OutstandingBalance(ctx, s.db.Q(), leaseID)
	if err != nil {
		return nil, err
	}
	_, phone, err := s.tenantPhone(ctx, leaseID)
	if err != nil {
		return nil, err
	}
	body := fmt.Sprintf("Unit %s: your balance is %s.", lease.UnitLabel, dollars(owed))
	if note != "" {
		body += " " + note
	}
	sent, err := s.sms.Send(ctx, textmsg.NewMessage(phone, body))
	if err != nil {
		return nil, err
	}
	if err := s.ops.AppendSMS(ctx, s.db.Q(), repo.SMSLogEntry{
		LeaseID: leaseID, Purpose: "manual_reminder", To: phone, ProviderSID: sent.SID,
	}); err != nil {
		s.log.Warn("log manual reminder", "lease_id", leaseID, "err", err)
	}
	return sent, nil
}

// PaymentReturned e-mails the tenant that their bank returned a payment.
func (s *service) PaymentReturned(ctx context.Context, paymentID string, fee *repo.Charge) error {
	p, err := s.payments.Get(ctx, s.db.Q(), paymentID)
	if err != nil {
		return err
	}
	tenant, err := s.leases.GetTenant(ctx, s.db.Q(), p.TenantID)
	if err != nil {
		return err
	}
	body := fmt.Sprintf("Hi %s,\n\nYour bank returned your payment of %s.", tenant.FullName, dollars(p.AmountCents))
	if fee != nil {
		body += fmt.Sprintf(" A returned payment fee of %s has been added to your balance.", dollars(fee.AmountCents))
	}
	_, err = s.mail.Send(ctx, mailer.Email{
		To:       tenant.Email,
		Subject:  "Your rent payment was returned",
		TextBody: body + "\n\nPlease make a new payment from the tenant portal.\n",
		Tag:      "payment-returned",
		Metadata: map[string]string{"payment_id": p.ID},
	})
	return err
}
