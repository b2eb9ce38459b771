package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/civicworks/permits/internal/clients/messaging"
	"github.com/civicworks/permits/internal/clients/payments"
	"github.com/civicworks/permits/internal/permits"
	"github.com/civicworks/permits/internal/shared/dbx"
	"github.com/civicworks/permits/internal/shared/ids"
	"github.com/civicworks/permits/internal/store"
)

// Parking handles residential parking permit renewals.
type Parking interface {
	RequestRenewal(ctx context.Context, in RenewalRequest) (*Checkout, error)
	ApplyRenewal(ctx context.Context, renewalID string) error
	SendRenewalReminders(ctx context.Context, now time.Time) (int, error)
}

// RenewalRequest is a resident's request to renew for the next year.
type RenewalRequest struct {
	ResidentID      uuid.UUID
	ParkingPermitID string
	IdempotencyKey  string
	RequestHash     string
}

const renewalScope = "parking_renewal"

type parkingService struct {
	pool      *pgxpool.Pool
	idem      store.IdempotencyRepo
	parking   store.ParkingRepo
	renewals  store.RenewalRepo
	reminders store.ReminderRepo
	ledger    store.LedgerRepo
	residents store.ResidentRepo
	gateway   payments.Gateway
	sender    messaging.Sender
	baseURL   string
	log       *slog.Logger
}

// ParkingDeps are the dependencies of the Parking service.
type ParkingDeps struct {
	Pool      *pgxpool.Pool
	Idem      store.IdempotencyRepo
	Parking   store.ParkingRepo
	Renewals  store.RenewalRepo
	Reminders store.ReminderRepo
	Ledger    store.LedgerRepo
	Residents store.ResidentRepo
	Gateway   payments.Gateway
	Sender    messaging.Sender
	BaseURL   string
	Log       *slog.Logger
}

// NewParking builds the Parking service.
func NewParking(d ParkingDeps) Parking {
	return &parkingService{
		pool: d.Pool, idem: d.Idem, parking: d.Parking, renewals: d.Renewals, reminders: d.Reminders,
		ledger: d.Ledger, residents: d.Residents, gateway: d.Gateway, sender: d.Sender,
		baseURL: d.BaseURL, log: d.Log.With("service", "parking"),
	}
}

type claimedRenewal struct {
	renewal  *permits.ParkingRenewal
	permit   *permits.ParkingPermit
	resident *permits.Resident
}

func (s *parkingService) RequestRenewal(ctx context.Context, in RenewalRequest) (*Checkout, error) {
	if in.IdempotencyKey == "" {
		return nil, validation("Idempotency-Key header is required")
	}
	cr, err := dbx.WithTx(ctx, s.pool, func(tx pgx.Tx) (claimedRenewal, error) {
		claimed, rec, err := s.idem.Claim(ctx, tx, renewalScope, in.ResidentID, in.IdempotencyKey, in.RequestHash)
		if err != nil {
			return claimedRenewal{}, err
		}
		if !claimed && rec.RequestHash != in.RequestHash {
			return claimedRenewal{}, fmt.Errorf("%w: idempotency key reused with a different request", permits.ErrConflict)
		}

		permit, err := s.parking.Get(ctx, tx, in.ParkingPermitID)
		if err != nil {
			return claimedRenewal{}, notFound("parking permit", err)
		}
		if permit.ResidentID != in.ResidentID {
			return claimedRenewal{}, permits.ErrForbidden
		}
		resident, err := s.residents.Get(ctx, tx, in.ResidentID)
		if err != nil {
			return claimedRenewal{}, notFound("resident", err)
		}

		if !claimed && rec.ResourceID != "" {
			r, err := s.renewals.Get(ctx, tx, rec.ResourceID)
			if err != nil {
				return claimedRenewal{}, err
			}
			return claimedRenewal{renewal: r, permit: permit, resident: resident}, nil
		}

		r, err := s.renewals.CreateIfAbsent(ctx, tx, &permits.ParkingRenewal{
			ID:              ids.NewRenewalID(),
			ParkingPermitID: permit.ID,
			PeriodStart:     permit.ValidUntil,
			AmountCents:     permit.AnnualFeeCents,
			RequestedBy:     in.ResidentID,
		})
		if err != nil {
			return claimedRenewal{}, err
		}
		if err := s.idem.SetResource(ctx, tx, renewalScope, in.ResidentID, in.IdempotencyKey, r.ID); err != nil {
			return claimedRenewal{}, err
		}
		return claimedRenewal{renewal: r, permit: permit, resident: resident}, nil
	})
	if err != nil {
		return nil, err
	}

	r := cr.renewal
	out := &Checkout{RenewalID: r.ID, AmountCents: r.AmountCents, Currency: "usd", Status: r.Status}
	if r.Status != "pending_payment" {
		return out, nil
	}
	intent, err := s.gateway.CreateIntent(ctx, payments.IntentRequest{
		AmountCents: r.AmountCents,
		Description: fmt.Sprintf("Parking permit renewal, zone %s, plate %s", cr.permit.Zone, cr.permit.Plate),
		Email:       cr.resident.Email,
		Metadata: map[string]string{
			"purpose":           "parking_renewal",
			"renewal_id":        r.ID,
			"parking_permit_id": r.ParkingPermitID,
		},
	}, payments.WithIdempotencyKey("renewal-"+r.ID))
	if err != nil {
		return nil, err
	}
	if err := s.renewals.AttachIntent(ctx, s.pool, r.ID, intent.ID); err != nil {
		return nil, err
	}
	out.PaymentIntentID, out.ClientSecret = intent.ID, intent.ClientSecret
	return out, nil
}

func (s *parkingService) ApplyRenewal(ctx context.Context, renewalID string) error {
	r, err := s.renewals.Get(ctx, s.pool, renewalID)
	if err != nil {
		return notFound("renewal", err)
	}
	switch r.Status {
	case "applied":
		return nil
	case "paid":
	default:
		return fmt.Errorf("renewal %s is %s: %w", r.ID, r.Status, permits.ErrInvalidState)
	}

	until, err := dbx.WithTx(ctx, s.pool, func(tx pgx.Tx) (time.Time, error) {
		return s.parking.ExtendValidity(ctx, tx, r.ParkingPermitID, 12)
	})
	if err != nil {
		return err
	}
	s.log.InfoContext(ctx, "parking permit extended", "parking_permit_id", r.ParkingPermitID, "valid_until", until)

	return dbx.Exec(ctx, s.pool, func(tx pgx.Tx) error {
		if err := s.renewals.MarkApplied(ctx, tx, r.ID); err != nil {
			return err
		}
		_, err := s.ledger.Append(ctx, tx, &permits.LedgerEntry{
			ParkingPermitID: r.ParkingPermitID,
			EntryKind:       "parking_renewal",
			AmountCents:     r.AmountCents,
			SourceRef:       r.ID,
			Memo:            "renewal period starting " + r.PeriodStart.Format(time.DateOnly),
		})
		return err
	})
}

func (s *parkingService) SendRenewalReminders(ctx context.Context, now time.Time) (int, error) {
	due, err := s.parking.ListExpiringBetween(ctx, s.pool, now.AddDate(0, 0, 25), now.AddDate(0, 0, 30), 500)
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, p := range due {
		rem, err := s.reminders.Claim(ctx, s.pool, p.ID, p.ValidUntil)
		if err != nil {
			return sent, err
		}
		if rem.Status == "sent" {
			continue
		}
		resident, err := s.residents.Get(ctx, s.pool, p.ResidentID)
		if err != nil {
			return sent, notFound("resident", err)
		}
		if !resident.SMSOptIn || resident.PhoneE164 == "" {
			continue
		}
		body := fmt.Sprintf("Your zone %s parking permit for %s expires on %s. Renew at %s/parking/%s",
			p.Zone, p.Plate, p.ValidUntil.Format("Jan 2"), s.baseURL, p.ID)
		receipt, err := s.sender.SendSMS(ctx, messaging.SMS{To: resident.PhoneE164, Body: body},
			messaging.WithReference("renewal-reminder-"+rem.ID.String()),
			messaging.WithTags("parking", "renewal-reminder"))
		if err != nil {
			return sent, fmt.Errorf("reminder for %s: %w", p.ID, err)
		}
		if err := s.reminders.MarkSent(ctx, s.pool, rem.ID, receipt.MessageID); err != nil {
			return sent, err
		}
		sent++
	}
	return sent, nil
}
