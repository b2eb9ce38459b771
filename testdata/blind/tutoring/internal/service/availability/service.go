// Package availability handles the tutor's calendar and roster uploads.
package availability

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/learnloop/tutoring/internal/domain"
	"github.com/learnloop/tutoring/internal/store"
)

// MaxRows bounds a single upload.
const MaxRows = 5000

// Service imports calendars and rosters.
type Service interface {
	ImportSlots(ctx context.Context, tutorID uuid.UUID, r io.Reader) (int64, error)
	ImportRoster(ctx context.Context, tutorID uuid.UUID, r io.Reader) (int64, error)
}

type service struct {
	slots  store.Availability
	roster store.Roster
}

// New builds the availability service.
func New(slots store.Availability, roster store.Roster) Service {
	return &service{slots: slots, roster: roster}
}

// rowParser turns one CSV record into T.
type rowParser[T any] func(rec []string) (T, error)

func readCSV[T any](r io.Reader, wantCols int, parse rowParser[T]) ([]T, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	var out []T
	for line := 1; ; line++ {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%w: line %d: %v", domain.ErrInvalidArgument, line, err)
		}
		if len(rec) < wantCols {
			return nil, fmt.Errorf("%w: line %d: want %d columns", domain.ErrInvalidArgument, line, wantCols)
		}
		v, err := parse(rec)
		if err != nil && line == 1 {
			continue // header row
		}
		if err != nil {
			return nil, fmt.Errorf("%w: line %d: %v", domain.ErrInvalidArgument, line, err)
		}
		out = append(out, v)
		if len(out) > MaxRows {
			return nil, fmt.Errorf("%w: more than %d rows", domain.ErrInvalidArgument, MaxRows)
		}
	}
}

func parseSlot(rec []string) (domain.Slot, error) {
	start, err := time.Parse(time.RFC3339, rec[0])
	if err != nil {
		return domain.Slot{}, err
	}
	end, err := time.Parse(time.RFC3339, rec[1])
	if err != nil {
		return domain.Slot{}, err
	}
	if !end.After(start) || end.Sub(start) > 4*time.Hour {
		return domain.Slot{}, errors.New("slot must be between 0 and 4 hours long")
	}
	return domain.Slot{StartsAt: start.UTC(), EndsAt: end.UTC()}, nil
}

func parseRosterEntry(rec []string) (domain.RosterEntry, error) {
	email := strings.ToLower(strings.TrimSpace(rec[0]))
	if !strings.Contains(email, "@") {
		return domain.RosterEntry{}, errors.New("invalid email")
	}
	e := domain.RosterEntry{Email: email, FullName: strings.TrimSpace(rec[1])}
	if len(rec) > 2 {
		e.Phone = strings.TrimSpace(rec[2])
	}
	if len(rec) > 3 {
		e.Notes = rec[3]
	}
	return e, nil
}

func (s *service) ImportSlots(ctx context.Context, tutorID uuid.UUID, r io.Reader) (int64, error) {
	slots, err := readCSV(r, 2, parseSlot)
	if err != nil {
		return 0, err
	}
	for i := range slots {
		slots[i].TutorID = tutorID
	}
	return s.slots.Import(ctx, tutorID, slots)
}

func (s *service) ImportRoster(ctx context.Context, tutorID uuid.UUID, r io.Reader) (int64, error) {
	entries, err := readCSV(r, 2, parseRosterEntry)
	if err != nil {
		return 0, err
	}
	for i := range entries {
		entries[i].TutorID = tutorID
	}
	n, err := s.roster.Import(ctx, tutorID, entries)
	if err != nil {
		return 0, fmt.Errorf("import roster: %w", err)
	}
	return n, nil
}
