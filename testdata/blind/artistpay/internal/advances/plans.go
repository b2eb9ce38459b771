package advances

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/soundledger/artistpay/internal/models"
	"github.com/soundledger/artistpay/internal/platform/ids"
)

// Plans stores recoupment plans.
type Plans struct {
	db *gorm.DB
}

// NewPlans returns the plans repository.
func NewPlans(db *gorm.DB) *Plans { return &Plans{db: db} }

// PlanInput describes how an advance is to be recouped.
type PlanInput struct {
	AdvanceID    string
	ArtistID     string
	RateBps      int
	StartsPeriod string
}

// Create stores the plan for an advance.
func (p *Plans) Create(ctx context.Context, in PlanInput) (*models.RecoupmentPlan, error) {
	plan := &models.RecoupmentPlan{
		ID:           ids.NewUUID(),
		AdvanceID:    in.AdvanceID,
		ArtistID:     in.ArtistID,
		RateBps:      in.RateBps,
		StartsPeriod: in.StartsPeriod,
		CreatedAt:    time.Now().UTC(),
	}
	if err := p.db.WithContext(ctx).Create(plan).Error; err != nil {
		return nil, err
	}
	return plan, nil
}

// ForAdvance loads an advance's plan.
func (p *Plans) ForAdvance(ctx context.Context, advanceID string) (*models.RecoupmentPlan, error) {
	var plan models.RecoupmentPlan
	if err := p.db.WithContext(ctx).First(&plan, "advance_id = ?", advanceID).Error; err != nil {
		return nil, err
	}
	return &plan, nil
}
