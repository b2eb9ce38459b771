package fleet

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/voltway/charging/internal/payments"
	"github.com/voltway/charging/internal/platform/dbutil"
	"github.com/voltway/charging/internal/platform/ids"
	"github.com/voltway/charging/internal/platform/logx"
)

// ErrForbidden is returned when the caller does not administer the fleet.
var ErrForbidden = errors.New("caller does not administer this fleet")

// Service implements fleet account operations.
type Service struct {
	db       *sql.DB
	repo     *Repo
	payments payments.Gateway
	now      func() time.Time
}

// NewService wires the fleet service.
func NewService(db *sql.DB, repo *Repo, pg payments.Gateway) *Service {
	return &Service{db: db, repo: repo, payments: pg, now: time.Now}
}

// AddDriverRequest is the admin's request to attach a driver.
type AddDriverRequest struct {
	DriverID      string `json:"driver_id"`
	Role          string `json:"role"`
	SpendCapCents *int64 `json:"spend_cap_cents,omitempty"`
}

// AddDriver attaches a driver to a fleet.
func (s *Service) AddDriver(ctx context.Context, adminID, fleetID string, req AddDriverRequest) (Member, error) {
	if _, err := s.repo.GetAccount(ctx, s.db, fleetID); err != nil {
		return Member{}, err
	}
	m := Member{FleetID: fleetID, DriverID: req.DriverID, Role: req.Role, AddedBy: adminID}
	if m.Role == "" {
		m.Role = "driver"
	}
	if req.SpendCapCents != nil {
		m.SpendCapCents = sql.NullInt64{Int64: *req.SpendCapCents, Valid: true}
	}
	if err := s.repo.AddMember(ctx, s.db, m); err != nil {
		return Member{}, err
	}
	return m, nil
}

// TopupRequest buys prepaid credit.
type TopupRequest struct {
	AmountCents int64 `json:"amount_cents"`
}

// Topup charges the fleet's card and credits the balance once per client key.
func (s *Service) Topup(ctx context.Context, fleetID, clientKey string, req TopupRequest) (Topup, error) {
	acct, err := s.repo.GetAccount(ctx, s.db, fleetID)
	if err != nil {
		return Topup{}, err
	}
	if !acct.DefaultPaymentMethod.Valid {
		return Topup{}, fmt.Errorf("fleet %s has no payment method", fleetID)
	}
	if err := s.repo.InsertTopup(ctx, s.db, Topup{
		ID: ids.NewUUID(), FleetID: fleetID, ClientKey: clientKey, AmountCents: req.AmountCents,
	}); err != nil {
		return Topup{}, fmt.Errorf("record topup: %w", err)
	}
	t, err := s.repo.TopupByClientKey(ctx, s.db, fleetID, clientKey)
	if err != nil {
		return Topup{}, err
	}
	if t.AmountCents != req.AmountCents {
		return Topup{}, fmt.Errorf("idempotency key %q already used for a different amount", clientKey)
	}
	if t.Status != "pending" {
		return t, nil
	}

	intent, err := s.payments.Charge(ctx, payments.ChargeRequest{
		CustomerID:      acct.StripeCustomerID,
		PaymentMethodID: acct.DefaultPaymentMethod.String,
		AmountCents:     t.AmountCents,
		Currency:        acct.Currency,
		Description:     "Fleet prepaid credit",
		Metadata:        map[string]string{"fleet_id": fleetID, "topup_id": t.ID},
		IdempotencyKey:  "topup:" + t.ID,
	})
	if err != nil {
		if errors.Is(err, payments.ErrCardDeclined) {
			_ = s.repo.FailTopup(ctx, s.db, t.ID)
		}
		return Topup{}, err
	}

	err = dbutil.WithTx(ctx, s.db, func(tx *sql.Tx) error {
		settled, err := s.repo.SettleTopup(ctx, tx, t.ID, intent.ID)
		if err != nil || !settled {
			return err
		}
		return s.repo.AdjustBalance(ctx, tx, fleetID, t.AmountCents)
	})
	if err != nil {
		return Topup{}, fmt.Errorf("settle topup %s: %w", t.ID, err)
	}
	t.Status = "succeeded"
	t.PaymentIntentID = sql.NullString{String: intent.ID, Valid: true}
	return t, nil
}

// SessionUsage is the message the capture consumer publishes for fleet
// sessions.
type SessionUsage struct {
	SessionID   string    `json:"session_id"`
	FleetID     string    `json:"fleet_id"`
	DriverID    string    `json:"driver_id"`
	EnergyWh    int64     `json:"energy_wh"`
	AmountCents int64     `json:"amount_cents"`
	StoppedAt   time.Time `json:"stopped_at"`
}

// RecordUsage books a completed fleet session against the fleet.
func (s *Service) RecordUsage(ctx context.Context, u SessionUsage) error {
	fresh, err := s.repo.InsertUsageLine(ctx, s.db, UsageLine{
		FleetID:     u.FleetID,
		SessionID:   u.SessionID,
		Period:      u.StoppedAt.UTC().Format("2006-01"),
		DriverID:    u.DriverID,
		EnergyWh:    u.EnergyWh,
		AmountCents: u.AmountCents,
	})
	if err != nil {
		return err
	}
	if !fresh {
		logx.From(ctx).Info("usage already booked", "session_id", u.SessionID)
		return nil
	}
	if err := s.repo.AdjustUnbilled(ctx, s.db, u.FleetID, u.AmountCents); err != nil {
		return fmt.Errorf("update unbilled for fleet %s: %w", u.FleetID, err)
	}
	return nil
}

// IssueInvoices creates the invoice for period for every active fleet.
func (s *Service) IssueInvoices(ctx context.Context, period string, periodEnd time.Time) (int, error) {
	accounts, err := s.repo.ListActiveAccounts(ctx, s.db, periodEnd)
	if err != nil {
		return 0, err
	}
	issued := 0
	for _, a := range accounts {
		err := dbutil.WithTx(ctx, s.db, func(tx *sql.Tx) error {
			total, count, err := s.repo.PeriodTotals(ctx, tx, a.ID, period)
			if err != nil {
				return err
			}
			inv := Invoice{
				ID:         ids.NewULIDAt(periodEnd),
				FleetID:    a.ID,
				Period:     period,
				Status:     "issued",
				TotalCents: total,
				LineCount:  count,
			}
			if err := s.repo.InsertInvoice(ctx, tx, inv); err != nil {
				return err
			}
			if _, err := s.repo.AttachLines(ctx, tx, inv.ID, a.ID, period); err != nil {
				return err
			}
			return s.repo.AdjustUnbilled(ctx, tx, a.ID, -total)
		})
		if err != nil {
			return issued, fmt.Errorf("issue invoice for fleet %s: %w", a.ID, err)
		}
		issued++
	}
	return issued, nil
}
