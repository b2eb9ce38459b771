// Package intake registers honey lots delivered at the honey house and
// records the scale readings taken on them.
package intake

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/amberfield-labs/honeycoop/internal/service/apperr"
	"github.com/amberfield-labs/honeycoop/internal/store"
)

type LotStore interface {
	CreateLot(ctx context.Context, lot *store.Lot) (bool, error)
	GetLot(ctx context.Context, id string) (*store.Lot, error)
	AddWeighTicket(ctx context.Context, t *store.WeighTicket) error
	SetTare(ctx context.Context, lotID string, grams int64) error
}

type Service interface {
	RegisterLot(ctx context.Context, in RegisterLot) (*store.Lot, bool, error)
	RecordFinalReading(ctx context.Context, r ScaleReading) error
	RecordTare(ctx context.Context, r TareReading) error
}

// RegisterLot is what the intake desk submits when a member drops off honey.
type RegisterLot struct {
	MemberID       string `json:"-"`
	IntakeTicket   string `json:"intake_ticket"`
	ApiaryCode     string `json:"apiary_code"`
	FloralSource   string `json:"floral_source"`
	ContainerCount int    `json:"container_count"`
}

// ScaleReading is a stable gross reading emitted by a floor scale.
type ScaleReading struct {
	ReadingID  string    `json:"reading_id"`
	ScaleID    string    `json:"scale_id"`
	LotID      string    `json:"lot_id"`
	GrossGrams int64     `json:"gross_grams"`
	ReadAt     time.Time `json:"read_at"`
}

// TareReading is the weight of a lot's empty containers.
type TareReading struct {
	ReadingID string `json:"reading_id"`
	ScaleID   string `json:"scale_id"`
	LotID     string `json:"lot_id"`
	Grams     int64  `json:"grams"`
}

type Deps struct {
	Lots  LotStore
	NewID func() string
	Now   func() time.Time
}

type service struct {
	lots  LotStore
	newID func() string
	now   func() time.Time
}

func New(d Deps) Service {
	if d.Now == nil {
		d.Now = time.Now
	}
	return &service{lots: d.Lots, newID: d.NewID, now: d.Now}
}

func (s *service) RegisterLot(ctx context.Context, in RegisterLot) (*store.Lot, bool, error) {
	if in.IntakeTicket == "" || in.ApiaryCode == "" {
		return nil, false, apperr.Invalid("intake_ticket and apiary_code are required")
	}
	if in.ContainerCount <= 0 {
		return nil, false, apperr.Invalid("container_count must be positive")
	}
	now := s.now()
	lot := &store.Lot{
		ID:             s.newID(),
		MemberID:       in.MemberID,
		IntakeTicket:   in.IntakeTicket,
		ApiaryCode:     in.ApiaryCode,
		FloralSource:   in.FloralSource,
		ContainerCount: in.ContainerCount,
		Status:         "received",
		CreatedAt:      now,
		UpdatedAt:      now,
	}
	created, err := s.lots.CreateLot(ctx, lot)
	if err != nil {
		return nil, false, err
	}
	return lot, created, nil
}

func (s *service) RecordFinalReading(ctx context.Context, r ScaleReading) error {
	lot, err := s.lots.GetLot(ctx, r.LotID)
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("%w: lot %s", apperr.ErrNotFound, r.LotID)
	}
	if err != nil {
		return err
	}
	if lot.Status == "rejected" {
		return nil
	}
	ticket := &store.WeighTicket{
		ID:         s.newID(),
		LotID:      lot.ID,
		ScaleID:    r.ScaleID,
		GrossGrams: r.GrossGrams,
		TareGrams:  lot.TareGrams,
		ReadAt:     r.ReadAt,
		CreatedAt:  s.now(),
	}
	return s.lots.AddWeighTicket(ctx, ticket)
}

func (s *service) RecordTare(ctx context.Context, r TareReading) error {
	if r.Grams < 0 {
		return apperr.Invalid("negative tare on reading %s", r.ReadingID)
	}
	return s.lots.SetTare(ctx, r.LotID, r.Grams)
}
