package doorevents

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/pulsefit/memberships/internal/db"
	"github.com/pulsefit/memberships/internal/ids"
	"github.com/pulsefit/memberships/internal/providers/mailer"
	"github.com/pulsefit/memberships/internal/providers/payments"
	"github.com/pulsefit/memberships/internal/txn"
)

// Event is what the door controllers publish (via the partner's bridge) on
// door.events.<kind>.<club>.
type Event struct {
	ID         string    `json:"event_id"`
	Kind       string    `json:"kind"`
	ClubID     string    `json:"club_id"`
	DoorID     string    `json:"door_id"`
	CardID     string    `json:"card_id"`
	MemberID   string    `json:"member_id"`
	GuestCode  string    `json:"guest_code"`
	Reason     string    `json:"reason"`
	OccurredAt time.Time `json:"occurred_at"`
}

type Handlers struct {
	pool     *pgxpool.Pool
	tx       txn.Runner
	payments payments.Gateway
	mail     mailer.Mailer
	log      *slog.Logger
}

func NewHandlers(pool *pgxpool.Pool, tx txn.Runner, gw payments.Gateway, mail mailer.Mailer, log *slog.Logger) *Handlers {
	return &Handlers{pool: pool, tx: tx, payments: gw, mail: mail, log: log.With("component", "doorevents")}
}

// Entry records a member check-in and marks class attendance.
func (h *Handlers) Entry(ctx context.Context, ev Event) error {
	memberID, err := uuid.Parse(ev.MemberID)
	if err != nil {
		return permanent(fmt.Errorf("entry %s: bad member id: %w", ev.ID, err))
	}
	return h.tx.InTx(ctx, func(ctx context.Context) error {
		q := txn.Queries(ctx, h.pool)
		if err := q.InsertCheckIn(ctx, db.InsertCheckInParams{
			EventID:    ev.ID,
			MemberID:   memberID,
			ClubID:     ev.ClubID,
			DoorID:     ev.DoorID,
			OccurredAt: ev.OccurredAt,
		}); err != nil {
			return fmt.Errorf("insert check-in: %w", err)
		}
		if err := q.TouchMemberCheckIn(ctx, db.TouchMemberCheckInParams{ID: memberID, At: ev.OccurredAt}); err != nil {
			return err
		}
		n, err := q.MarkClassAttendance(ctx, db.MarkClassAttendanceParams{MemberID: memberID, ClubID: ev.ClubID, At: ev.OccurredAt})
		if err != nil {
			return err
		}
		if n > 0 {
			h.log.Debug("class attendance marked", "member", memberID, "event", ev.ID)
		}
		return nil
	})
}

// GuestEntry consumes a guest pass at the door and, for passes beyond the
// host's allowance, charges the host the extra-guest fee.
func (h *Handlers) GuestEntry(ctx context.Context, ev Event) error {
	q := db.New(h.pool)
	pass, err := q.GetGuestPassByCode(ctx, ev.GuestCode)
	if errors.Is(err, pgx.ErrNoRows) {
		h.log.Warn("unknown guest code at door", "event", ev.ID, "door", ev.DoorID)
		return nil
	}
	if err != nil {
		return err
	}
	if pass.UsedAt != nil {
		return nil
	}

	var feeIntent string
	if pass.FeeCents > 0 {
		host, err := q.GetMember(ctx, pass.MemberID)
		if err != nil {
			return err
		}
		res, err := h.payments.Charge(ctx, payments.ChargeRequest{
			CustomerID:     host.StripeCustomerID,
			AmountCents:    pass.FeeCents,
			Currency:       "usd",
			Description:    "PulseFit extra guest pass - " + pass.GuestName,
			IdempotencyKey: ids.Derived("guest-fee", pass.ID.String()),
			Metadata:       map[string]string{"guest_pass_id": pass.ID.String()},
		})
		if err != nil && !errors.Is(err, payments.ErrDeclined) {
			return err
		}
		feeIntent = res.IntentID
	}

	return h.tx.InTx(ctx, func(ctx context.Context) error {
		q := txn.Queries(ctx, h.pool)
		if _, err := q.MarkGuestPassUsed(ctx, db.MarkGuestPassUsedParams{ID: pass.ID, UsedAt: ev.OccurredAt}); err != nil {
			return err
		}
		_, err := q.InsertGuestEntry(ctx, db.InsertGuestEntryParams{
			EventID:     ev.ID,
			GuestPassID: pass.ID,
			DoorID:      ev.DoorID,
			FeeIntentID: feeIntent,
			OccurredAt:  ev.OccurredAt,
		})
		return err
	})
}

// Denied tells a member why the door did not open (usually a past-due
// membership) and records the denial.
func (h *Handlers) Denied(ctx context.Context, ev Event) error {
	q := db.New(h.pool)
	var memberID *uuid.UUID
	card, err := q.GetAccessCardByPartnerID(ctx, ev.CardID)
	switch {
	case err == nil:
		memberID = &card.MemberID
	case !errors.Is(err, pgx.ErrNoRows):
		return err
	}

	var notifiedAt *time.Time
	if memberID != nil && (ev.Reason == "membership_inactive" || ev.Reason == "past_due") {
		member, err := q.GetMember(ctx, *memberID)
		if err != nil {
			return err
		}
		if _, err := h.mail.Send(ctx, mailer.Email{
			To:       member.Email,
			Subject:  "We couldn't let you in",
			Template: "access-denied",
			Vars: map[string]string{
				"name":   member.FullName,
				"club":   ev.ClubID,
				"reason": ev.Reason,
				"when":   ev.OccurredAt.Format(time.RFC1123),
			},
			Tags: []string{"access", "billing"},
		}); err != nil {
			return err
		}
		now := time.Now()
		notifiedAt = &now
	}

	_, err = q.InsertAccessDenial(ctx, db.InsertAccessDenialParams{
		EventID:    ev.ID,
		MemberID:   memberID,
		CardID:     ev.CardID,
		DoorID:     ev.DoorID,
		Reason:     ev.Reason,
		OccurredAt: ev.OccurredAt,
		NotifiedAt: notifiedAt,
	})
	return err
}
