// Package advances grants advances to artists, pays them out and recoups
// them from later royalties.
package advances

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/wire"
	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"github.com/soundledger/artistpay/internal/models"
	"github.com/soundledger/artistpay/internal/platform/events"
	"github.com/soundledger/artistpay/internal/platform/ids"
	"github.com/soundledger/artistpay/internal/platform/tasks"
)

// ProviderSet wires the advances services.
var ProviderSet = wire.NewSet(ProvideService, NewDisburser, NewRecouper, NewPlans)

// ErrInvalidAdvance is returned for advances that fail validation.
var ErrInvalidAdvance = errors.New("advances: invalid advance")

// GrantInput describes an advance approved by A&R.
type GrantInput struct {
	ArtistID      string `json:"artist_id"`
	AmountMicros  int64  `json:"amount_micros"`
	Currency      string `json:"currency"`
	RecoupRateBps int    `json:"recoup_rate_bps"`
	Note          string `json:"note"`
}

// Option configures the service.
type Option func(*Service)

// WithIDGenerator sets how advance IDs are made.
func WithIDGenerator(g ids.Generator) Option {
	return func(s *Service) { s.newID = g }
}

// WithClock sets the service clock.
func WithClock(now func() time.Time) Option {
	return func(s *Service) { s.now = now }
}

// Service grants advances.
type Service struct {
	db    *gorm.DB
	queue tasks.Enqueuer
	newID ids.Generator
	now   func() time.Time
}

// NewService returns the advances service.
func NewService(db *gorm.DB, q tasks.Enqueuer, opts ...Option) *Service {
	s := &Service{db: db, queue: q, newID: ids.NewUUID, now: func() time.Time { return time.Now().UTC() }}
	for _, opt := range opts {
		opt(s)
	}
	return s
}

// ProvideService is the wire provider; advance IDs are ULIDs so they sort
// by grant time in the finance exports.
func ProvideService(db *gorm.DB, q tasks.Enqueuer) *Service {
	return NewService(db, q, WithIDGenerator(ids.NewULID))
}

// Grant records an approved advance and schedules its disbursement.
func (s *Service) Grant(ctx context.Context, by string, in GrantInput) (*models.Advance, error) {
	if in.AmountMicros <= 0 {
		return nil, fmt.Errorf("%w: amount must be positive", ErrInvalidAdvance)
	}
	if in.RecoupRateBps == 0 {
		in.RecoupRateBps = 10000
	}
	if in.RecoupRateBps < 0 || in.RecoupRateBps > 10000 {
		return nil, fmt.Errorf("%w: recoup rate out of range", ErrInvalidAdvance)
	}
	if in.Currency == "" {
		in.Currency = "USD"
	}
	now := s.now()
	adv := &models.Advance{
		ID:                s.newID(),
		ArtistID:          in.ArtistID,
		AmountMicros:      in.AmountMicros,
		OutstandingMicros: in.AmountMicros,
		Currency:          in.Currency,
		RecoupRateBps:     in.RecoupRateBps,
		Status:            models.AdvanceApproved,
		Note:              in.Note,
		GrantedBy:         by,
		CreatedAt:         now,
	}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var artist models.Artist
		if err := tx.First(&artist, "id = ?", in.ArtistID).Error; err != nil {
			return err
		}
		if err := tx.Create(adv).Error; err != nil {
			return err
		}
		return events.PublishTx(tx, events.TopicAdvanceGranted, adv.ID, events.AdvanceGranted{
			AdvanceID:     adv.ID,
			ArtistID:      adv.ArtistID,
			AmountMicros:  adv.AmountMicros,
			RecoupRateBps: adv.RecoupRateBps,
			StartsPeriod:  now.AddDate(0, 1, 0).Format("2006-01"),
		})
	})
	if err != nil {
		return nil, err
	}
	if err := tasks.Enqueue(ctx, s.queue, tasks.TypeAdvanceDisburse,
		tasks.AdvanceDisbursePayload{AdvanceID: adv.ID},
		append(tasks.Once("advance-disburse:"+adv.ID), asynq.Queue(tasks.QueueCritical))...); err != nil {
		return adv, fmt.Errorf("advances: schedule disbursement: %w", err)
	}
	return adv, nil
}

// Get loads an advance.
func (s *Service) Get(ctx context.Context, id string) (*models.Advance, error) {
	var adv models.Advance
	if err := s.db.WithContext(ctx).First(&adv, "id = ?", id).Error; err != nil {
		return nil, err
	}
	return &adv, nil
}
