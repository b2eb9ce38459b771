package repo

import (
	"context"

	"github.com/lexicaassess/examreg/internal/model"
)

// Lookup bundles the read paths other services need for building documents.
type Lookup struct {
	Results       *Results
	Registrations *Registrations
	Candidates    *Candidates
}

// Result loads an exam result.
func (l Lookup) Result(ctx context.Context, id string) (*model.ExamResult, error) {
	return l.Results.Get(ctx, id)
}

// Registration loads a registration with session and candidate.
func (l Lookup) Registration(ctx context.Context, id string) (*model.Registration, error) {
	return l.Registrations.Get(ctx, id)
}

// Candidate loads a candidate.
func (l Lookup) Candidate(ctx context.Context, id string) (*model.Candidate, error) {
	return l.Candidates.Get(ctx, id)
}
