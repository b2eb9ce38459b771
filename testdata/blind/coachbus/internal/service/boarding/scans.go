// Package boarding implements usecase.Boarding. Handhelds queue scans while
// offline and upload them in batches; each scan carries an id the device
// generated when the ticket was scanned.
package boarding

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/northline/coachbus/internal/db"
	"github.com/northline/coachbus/internal/domain"
	"github.com/northline/coachbus/internal/usecase"
)

const (
	resultBoarded        = "boarded"
	resultAlreadyBoarded = "already_boarded"
	resultWrongTrip      = "wrong_trip"
	resultInvalid        = "invalid"
)

var errScanRaced = errors.New("scan recorded concurrently")

// Service implements usecase.Boarding.
type Service struct {
	store *db.Store
}

// New builds the service.
func New(store *db.Store) *Service { return &Service{store: store} }

// RecordScans stores each scan once and boards the ticket it refers to.
// Re-uploaded scans return the result recorded the first time.
func (s *Service) RecordScans(ctx context.Context, deviceID string, scans []usecase.Scan) ([]usecase.ScanResult, error) {
	if deviceID == "" || len(scans) == 0 {
		return nil, domain.ErrInvalidInput
	}
	results := make([]usecase.ScanResult, 0, len(scans))
	for _, sc := range scans {
		res, err := s.recordOne(ctx, deviceID, sc)
		if errors.Is(err, errScanRaced) {
			res, err = s.previousResult(ctx, sc.ScanID)
		}
		if err != nil {
			return nil, fmt.Errorf("scan %s: %w", sc.ScanID, err)
		}
		results = append(results, usecase.ScanResult{ScanID: sc.ScanID, Result: res})
	}
	return results, nil
}

func (s *Service) recordOne(ctx context.Context, deviceID string, sc usecase.Scan) (string, error) {
	var result string
	err := s.store.InTx(ctx, func(ctx context.Context, _ pgx.Tx, q *db.Queries) error {
		var known bool
		var err error
		result, known, err = classify(ctx, q, sc)
		if err != nil || !known {
			return err
		}
		n, err := q.InsertBoardingScan(ctx, db.InsertBoardingScanParams{
			ScanID:    sc.ScanID,
			DeviceID:  deviceID,
			TicketID:  sc.TicketID,
			TripID:    sc.TripID,
			ScannedAt: sc.ScannedAt,
			Result:    result,
		})
		if err != nil {
			return err
		}
		if n == 0 {
			// This scan was uploaded before (or concurrently); undo our
			// boarding update and report what the first upload recorded.
			return errScanRaced
		}
		return nil
	})
	return result, err
}

func (s *Service) previousResult(ctx context.Context, scanID string) (string, error) {
	prev, err := s.store.GetBoardingScan(ctx, scanID)
	if err != nil {
		return "", err
	}
	return prev.Result, nil
}

// classify boards the ticket if it is valid for this trip. known is false
// when the ticket does not exist, in which case nothing is stored.
func classify(ctx context.Context, q *db.Queries, sc usecase.Scan) (result string, known bool, err error) {
	n, err := q.MarkTicketBoarded(ctx, db.MarkTicketBoardedParams{ID: sc.TicketID, TripID: sc.TripID})
	if err != nil {
		return "", false, err
	}
	if n == 1 {
		return resultBoarded, true, nil
	}
	t, err := q.GetTicket(ctx, sc.TicketID)
	if db.IsNotFound(err) {
		return resultInvalid, false, nil
	}
	if err != nil {
		return "", false, err
	}
	switch {
	case t.TripID != sc.TripID:
		return resultWrongTrip, true, nil
	case t.Status == "boarded":
		return resultAlreadyBoarded, true, nil
	default:
		return resultInvalid, true, nil
	}
}
