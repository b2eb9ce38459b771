// Package regatta handles regatta entries and results from the scoring
// software.
package regatta

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/tidewater-yc/clubhouse/internal/domain"
	"github.com/tidewater-yc/clubhouse/internal/platform/httpx"
	"github.com/tidewater-yc/clubhouse/internal/platform/ids"
	"github.com/tidewater-yc/clubhouse/internal/platform/uow"
	"github.com/tidewater-yc/clubhouse/internal/store"
)

// Service is the regatta surface.
type Service interface {
	Enter(ctx context.Context, in EntryInput) (*domain.RegattaEntry, error)
	Withdraw(ctx context.Context, regattaID, entryID, memberID string) (*domain.RegattaEntry, error)
	RecordScore(ctx context.Context, in ScoreInput) error
}

type EntryInput struct {
	EntryID    string
	RegattaID  string
	MemberID   string
	BoatName   string
	SailNumber string
	Division   string
	PHRF       int
	CrewCount  int
}

type ScoreInput struct {
	RegattaID        string
	SailNumber       string
	RaceNumber       int
	FinishSeconds    int
	CorrectedSeconds int
	Place            int
	Code             string // DNF, DNS, OCS ...
	ScoredAt         time.Time
}

type service struct {
	db    bun.IDB
	uow   uow.UnitOfWork
	repos *store.Repos
	newID ids.Generator
	now   func() time.Time
}

// New builds the regatta service.
func New(db *bun.DB, u uow.UnitOfWork, repos *store.Repos) Service {
	return &service{db: db, uow: u, repos: repos, newID: ids.ULIDs, now: time.Now}
}

// Enter registers a member's boat and charges the entry fee to their house
// account.
func (s *service) Enter(ctx context.Context, in EntryInput) (*domain.RegattaEntry, error) {
	sail := strings.ToUpper(strings.ReplaceAll(in.SailNumber, " ", ""))
	if sail == "" {
		return nil, httpx.Invalid("sail_number is required")
	}
	if in.EntryID == "" {
		in.EntryID = s.newID()
	}
	now := s.now()
	var entry *domain.RegattaEntry
	err := s.uow.Do(ctx, func(ctx context.Context, tx bun.Tx) error {
		r, err := s.repos.Regattas.Get(ctx, tx, in.RegattaID)
		if err != nil {
			return notFound(err)
		}
		if r.Status != "open" || now.After(r.EntriesCloseAt) {
			return httpx.Conflict("entries for %s are closed", r.Name)
		}
		if r.MaxEntries > 0 {
			n, err := s.repos.Regattas.CountEntries(ctx, tx, r.ID)
			if err != nil {
				return err
			}
			if n >= r.MaxEntries {
				return httpx.Conflict("%s is full", r.Name)
			}
		}
		if _, err := s.repos.Members.Get(ctx, tx, in.MemberID); err != nil {
			return notFound(err)
		}
		entry = &domain.RegattaEntry{
			ID:         in.EntryID,
			RegattaID:  r.ID,
			MemberID:   in.MemberID,
			BoatName:   in.BoatName,
			SailNumber: sail,
			Division:   in.Division,
			PHRFRating: in.PHRF,
			CrewCount:  max(in.CrewCount, 1),
			Status:     "entered",
			CreatedAt:  now,
		}
		if err := s.repos.Regattas.InsertEntry(ctx, tx, entry); err != nil {
			return fmt.Errorf("insert entry: %w", err)
		}
		if r.EntryFeeCents == 0 {
			return nil
		}
		return s.repos.Accounts.Post(ctx, tx, &domain.AccountTransaction{
			ID:          s.newID(),
			MemberID:    in.MemberID,
			Kind:        domain.TxnRegatta,
			AmountCents: r.EntryFeeCents,
			Description: fmt.Sprintf("%s entry — %s (%s)", r.Name, entry.BoatName, sail),
			Reference:   entry.ID,
			PostedAt:    now,
		})
	})
	if err != nil {
		return nil, err
	}
	return entry, nil
}

// Withdraw withdraws an entry. Before entries close the fee is credited back.
func (s *service) Withdraw(ctx context.Context, regattaID, entryID, memberID string) (*domain.RegattaEntry, error) {
	now := s.now()
	var out *domain.RegattaEntry
	err := s.uow.Do(ctx, func(ctx context.Context, tx bun.Tx) error {
		e, err := s.repos.Regattas.GetEntry(ctx, tx, regattaID, entryID)
		if err != nil {
			return notFound(err)
		}
		if e.MemberID != memberID {
			return httpx.ErrForbidden
		}
		out = e
		changed, err := s.repos.Regattas.Withdraw(ctx, tx, regattaID, entryID, now)
		if err != nil {
			return err
		}
		if !changed {
			// Already withdrawn: nothing more to do.
			return nil
		}
		e.Status, e.WithdrawnAt = "withdrawn", &now
		r, err := s.repos.Regattas.Get(ctx, tx, regattaID)
		if err != nil {
			return err
		}
		if r.EntryFeeCents == 0 || now.After(r.EntriesCloseAt) {
			return nil
		}
		return s.repos.Accounts.Post(ctx, tx, &domain.AccountTransaction{
			ID:          s.newID(),
			MemberID:    memberID,
			Kind:        domain.TxnRefund,
			AmountCents: -r.EntryFeeCents,
			Description: fmt.Sprintf("%s entry withdrawn — fee credited", r.Name),
			Reference:   e.ID,
			PostedAt:    now,
		})
	})
	return out, err
}

// RecordScore stores a finish from the race committee's scoring software.
func (s *service) RecordScore(ctx context.Context, in ScoreInput) error {
	entry, err := s.repos.Regattas.EntryBySail(ctx, s.db, in.RegattaID, strings.ToUpper(in.SailNumber))
	if err != nil {
		return err
	}
	return s.repos.Regattas.UpsertResult(ctx, s.db, &domain.RegattaResult{
		RegattaID:       in.RegattaID,
		EntryID:         entry.ID,
		RaceNumber:      in.RaceNumber,
		FinishSeconds:   in.FinishSeconds,
		CorrectedSecond: in.CorrectedSeconds,
		Place:           in.Place,
		Code:            in.Code,
		ScoredAt:        in.ScoredAt,
	})
}

func notFound(err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return httpx.Wrap(httpx.ErrNotFound, err)
	}
	return err
}
