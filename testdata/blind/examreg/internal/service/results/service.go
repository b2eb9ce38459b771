// Package results ingests results released by the scoring partner.
package results

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/lexicaassess/examreg/internal/model"
	"github.com/lexicaassess/examreg/internal/platform/dbx"
)

// TopicResultsReleased is the Kafka topic results are relayed to.
const TopicResultsReleased = "exam.results.released"

// Store is the part of the results repository used here.
type Store interface {
	ClaimDelivery(ctx context.Context, deliveryID string) (bool, error)
	Upsert(ctx context.Context, res *model.ExamResult) (bool, error)
}

// Outbox queues events for the Kafka relay.
type Outbox interface {
	Add(ctx context.Context, topic, key, eventType string, payload any) error
}

// Service ingests scoring partner deliveries.
type Service struct {
	db     *gorm.DB
	store  Store
	outbox Outbox
}

// New builds a Service.
func New(db *gorm.DB, store Store, outbox Outbox) *Service {
	return &Service{db: db, store: store, outbox: outbox}
}

// Score is one result as the partner sends it.
type Score struct {
	ResultID       string    `json:"result_id"`
	RegistrationID string    `json:"candidate_reference"`
	Revision       int       `json:"revision"`
	Overall        float64   `json:"overall"`
	Listening      *float64  `json:"listening"`
	Reading        *float64  `json:"reading"`
	Writing        *float64  `json:"writing"`
	Speaking       *float64  `json:"speaking"`
	CEFR           string    `json:"cefr"`
	ReleasedAt     time.Time `json:"released_at"`
}

// Released is the payload relayed on TopicResultsReleased.
type Released struct {
	PartnerResultID string `json:"partner_result_id"`
	RegistrationID  string `json:"registration_id"`
	Revision        int    `json:"revision"`
	CEFRLevel       string `json:"cefr_level"`
}

// Ingest stores one webhook delivery. A delivery seen before is accepted
// without changes; each new or newer result is queued for the relay.
func (s *Service) Ingest(ctx context.Context, deliveryID string, scores []Score) (applied int, err error) {
	err = dbx.InTx(ctx, s.db, func(ctx context.Context) error {
		fresh, err := s.store.ClaimDelivery(ctx, deliveryID)
		if err != nil {
			return fmt.Errorf("claim delivery: %w", err)
		}
		if !fresh {
			return nil
		}
		for _, sc := range scores {
			rev := sc.Revision
			if rev == 0 {
				rev = 1
			}
			changed, err := s.store.Upsert(ctx, &model.ExamResult{
				PartnerResultID: sc.ResultID,
				RegistrationID:  sc.RegistrationID,
				OverallBand:     sc.Overall,
				Listening:       sc.Listening,
				Reading:         sc.Reading,
				Writing:         sc.Writing,
				Speaking:        sc.Speaking,
				CEFRLevel:       sc.CEFR,
				Revision:        rev,
				ReleasedAt:      sc.ReleasedAt,
			})
			if err != nil {
				return fmt.Errorf("store result %s: %w", sc.ResultID, err)
			}
			if !changed {
				continue
			}
			if err := s.outbox.Add(ctx, TopicResultsReleased, sc.RegistrationID, "result.released", Released{
				PartnerResultID: sc.ResultID,
				RegistrationID:  sc.RegistrationID,
				Revision:        rev,
				CEFRLevel:       sc.CEFR,
			}); err != nil {
				return err
			}
			applied++
		}
		return nil
	})
	return applied, err
}
