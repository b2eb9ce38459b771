// Package partners authenticates partner API keys and applies booking-change
// events that partners push to us.
package partners

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/skyguard-travel/policyhub/internal/models"
	"github.com/skyguard-travel/policyhub/internal/platform/repository"
)

// Booking event types.
const (
	EventBookingAmended   = "booking.amended"
	EventBookingCancelled = "booking.cancelled"
)

// ErrUnknownEvent is returned for event types we do not handle.
var ErrUnknownEvent = errors.New("partners: unknown event type")

// ErrUnauthorized is returned for an unknown or inactive API key.
var ErrUnauthorized = errors.New("partners: unauthorized")

// BookingEvent is pushed by a partner when a booking we insure changes.
type BookingEvent struct {
	EventID    string     `json:"event_id" binding:"required"`
	Type       string     `json:"type" binding:"required"`
	BookingRef string     `json:"booking_ref" binding:"required"`
	TripStart  *time.Time `json:"trip_start,omitempty"`
	TripEnd    *time.Time `json:"trip_end,omitempty"`
	FlightID   string     `json:"flight_id,omitempty"`
	OccurredAt time.Time  `json:"occurred_at"`
}

// Service is the partner-facing account and event service.
type Service interface {
	Authenticate(ctx context.Context, apiKey string) (*models.Partner, error)
	ApplyBookingEvent(ctx context.Context, partnerID uuid.UUID, ev BookingEvent) error
}

type service struct {
	db       *bun.DB
	partners *repository.Repository[models.Partner]
	log      *slog.Logger
}

// NewService returns the partner service.
func NewService(db *bun.DB, log *slog.Logger) Service {
	return &service{db: db, partners: repository.New[models.Partner](db), log: log}
}

// HashAPIKey is how partner API keys are stored.
func HashAPIKey(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:])
}

func (s *service) Authenticate(ctx context.Context, apiKey string) (*models.Partner, error) {
	if apiKey == "" {
		return nil, ErrUnauthorized
	}
	p, err := s.partners.Find(ctx, func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Where("api_key_hash = ?", HashAPIKey(apiKey)).Where("active")
	})
	if errors.Is(err, repository.ErrNotFound) {
		return nil, ErrUnauthorized
	}
	return p, err
}

func (s *service) ApplyBookingEvent(ctx context.Context, partnerID uuid.UUID, ev BookingEvent) error {
	var apply func(ctx context.Context, tx bun.Tx) error
	switch ev.Type {
	case EventBookingAmended:
		apply = func(ctx context.Context, tx bun.Tx) error { return amendTrip(ctx, tx, partnerID, ev) }
	case EventBookingCancelled:
		apply = func(ctx context.Context, tx bun.Tx) error { return markBookingCancelled(ctx, tx, partnerID, ev) }
	default:
		return fmt.Errorf("%w: %s", ErrUnknownEvent, ev.Type)
	}

	raw, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	return s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(&models.PartnerEvent{
			PartnerID:  partnerID,
			EventID:    ev.EventID,
			Type:       ev.Type,
			BookingRef: ev.BookingRef,
			Payload:    raw,
			ReceivedAt: time.Now().UTC(),
		}).Exec(ctx); err != nil {
			return fmt.Errorf("store partner event: %w", err)
		}
		return apply(ctx, tx)
	})
}

func amendTrip(ctx context.Context, tx bun.Tx, partnerID uuid.UUID, ev BookingEvent) error {
	q := tx.NewUpdate().Model((*models.Policy)(nil)).
		Set("updated_at = now()").
		Where("partner_id = ?", partnerID).
		Where("partner_booking_ref = ?", ev.BookingRef).
		Where("status IN (?)", bun.In([]models.PolicyStatus{models.PolicyPendingPayment, models.PolicyActive}))
	if ev.TripStart != nil {
		q = q.Set("trip_start = ?", *ev.TripStart)
	}
	if ev.TripEnd != nil {
		q = q.Set("trip_end = ?", *ev.TripEnd)
	}
	if ev.FlightID != "" {
		q = q.Set("flight_id = ?", ev.FlightID)
	}
	_, err := q.Exec(ctx)
	return err
}

func markBookingCancelled(ctx context.Context, tx bun.Tx, partnerID uuid.UUID, ev BookingEvent) error {
	at := ev.OccurredAt
	if at.IsZero() {
		at = time.Now().UTC()
	}
	_, err := tx.NewUpdate().Model((*models.Policy)(nil)).
		Set("booking_cancelled_at = ?", at).
		Set("updated_at = now()").
		Where("partner_id = ?", partnerID).
		Where("partner_booking_ref = ?", ev.BookingRef).
		Where("booking_cancelled_at IS NULL").
		Exec(ctx)
	return err
}
