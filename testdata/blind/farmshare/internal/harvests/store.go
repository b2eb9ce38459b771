package harvests

import (
	"context"
	"time"

	"github.com/harvestloop/farmshare/internal/platform/database"
	"github.com/harvestloop/farmshare/internal/platform/repository"
)

// Store holds harvest queries.
type Store struct {
	subs *repository.Repository[Submission]
}

// NewStore builds a Store.
func NewStore() *Store {
	return &Store{subs: repository.New[Submission]("harvest_submissions", "id")}
}

// FarmerExists reports whether the farmer is registered.
func (s *Store) FarmerExists(ctx context.Context, q database.Queryer, id string) (bool, error) {
	var ok bool
	err := q.GetContext(ctx, &ok, `SELECT EXISTS (SELECT 1 FROM farmers WHERE id = $1)`, id)
	return ok, err
}

// CropKnown reports whether the crop is in the catalogue.
func (s *Store) CropKnown(ctx context.Context, q database.Queryer, code string) (bool, error) {
	var ok bool
	err := q.GetContext(ctx, &ok, `SELECT EXISTS (SELECT 1 FROM products WHERE code = $1)`, code)
	return ok, err
}

// InsertSubmission writes a submission unless the farmer already declared
// the crop for the week.
func (s *Store) InsertSubmission(ctx context.Context, q database.Queryer, sub *Submission) (bool, error) {
	return s.subs.InsertIgnore(ctx, q, sub, "farmer_id", "week_start", "crop_code")
}

// SubmissionFor loads the farmer's declaration for a crop and week.
func (s *Store) SubmissionFor(ctx context.Context, q database.Queryer, farmerID string, week time.Time, crop string) (*Submission, error) {
	return s.subs.GetBy(ctx, q, map[string]any{"farmer_id": farmerID, "week_start": week, "crop_code": crop})
}

// ListForFarmer lists a farmer's submissions for a week.
func (s *Store) ListForFarmer(ctx context.Context, q database.Queryer, farmerID string, week time.Time) ([]Submission, error) {
	return s.subs.List(ctx, q, map[string]any{"farmer_id": farmerID, "week_start": week}, "crop_code")
}

// Accept moves a submission to accepted.
func (s *Store) Accept(ctx context.Context, q database.Queryer, id string) error {
	_, err := s.subs.Update(ctx, q, id, map[string]any{"status": StatusAccepted})
	return err
}
