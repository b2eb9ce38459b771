package service

import (
	"context"
	"errors"
	"time"

	"github.com/uptrace/bun"

	"github.com/summitline/skipass/internal/config"
	"github.com/summitline/skipass/internal/model"
	"github.com/summitline/skipass/internal/platform/queue"
	"github.com/summitline/skipass/internal/store"
	"github.com/summitline/skipass/internal/tasks"
)

type ScanInput struct {
	ScanID    string
	GateID    string
	CardUID   string
	ScannedAt time.Time
}

type ScanDecision struct {
	ScanID   string
	Admitted bool
	PassID   string
	Replayed bool
}

type GateStatusInput struct {
	GateID        string
	LiftID        string
	Status        string
	Firmware      string
	BufferedScans int
	At            time.Time
}

// GateService decides turnstile admissions and counts rides.
type GateService interface {
	RecordScan(ctx context.Context, in ScanInput) (*ScanDecision, error)
	IngestBatch(ctx context.Context, gateID string, scans []ScanInput) (int, error)
	ReportStatus(ctx context.Context, in GateStatusInput) error
}

type gateService struct {
	db       *bun.DB
	gates    store.Gates
	passes   store.Passes
	scans    store.Scans
	rideDays store.RideDays
	queue    queue.Enqueuer
	tz       *time.Location
}

func NewGateService(cfg config.Config, db *bun.DB, gates store.Gates, passes store.Passes, scans store.Scans,
	rideDays store.RideDays, q queue.Enqueuer) *gateService {
	return &gateService{db: db, gates: gates, passes: passes, scans: scans, rideDays: rideDays, queue: q, tz: cfg.Timezone}
}

func (s *gateService) localDay(t time.Time) time.Time {
	l := t.In(s.tz)
	return time.Date(l.Year(), l.Month(), l.Day(), 0, 0, 0, 0, s.tz)
}

type scanOutcome struct {
	decision  ScanDecision
	firstRide bool
	accountID string
}

func (s *gateService) RecordScan(ctx context.Context, in ScanInput) (*ScanDecision, error) {
	if in.ScanID == "" || in.CardUID == "" {
		return nil, ErrInvalid
	}
	day := s.localDay(in.ScannedAt)
	out, err := withTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) (scanOutcome, error) {
		var pass *model.Pass
		p, err := s.passes.ByCardUID(ctx, tx, in.CardUID)
		switch {
		case err == nil:
			pass = p
		case !errors.Is(err, store.ErrNotFound):
			return scanOutcome{}, err
		}
		admitted := pass != nil && pass.ValidOn(in.ScannedAt.In(s.tz))

		scan := &model.RideScan{
			ScanID:    in.ScanID,
			GateID:    in.GateID,
			CardUID:   in.CardUID,
			Decision:  model.ScanDenied,
			ScannedAt: in.ScannedAt,
		}
		if pass != nil {
			scan.PassID = &pass.ID
		}
		if admitted {
			scan.Decision = model.ScanAdmitted
		}
		inserted, err := s.scans.InsertIfAbsent(ctx, tx, scan)
		if err != nil {
			return scanOutcome{}, err
		}
		if !inserted {
			prior, err := s.scans.Get(ctx, tx, in.ScanID)
			if err != nil {
				return scanOutcome{}, err
			}
			d := ScanDecision{ScanID: prior.ScanID, Admitted: prior.Decision == model.ScanAdmitted, Replayed: true}
			if prior.PassID != nil {
				d.PassID = *prior.PassID
			}
			return scanOutcome{decision: d}, nil
		}

		res := scanOutcome{decision: ScanDecision{ScanID: in.ScanID, Admitted: admitted}}
		if !admitted {
			return res, nil
		}
		res.decision.PassID = pass.ID
		res.accountID = pass.AccountID
		if err := s.passes.IncrementRides(ctx, tx, pass.ID, 1); err != nil {
			return scanOutcome{}, err
		}
		if res.firstRide, err = s.rideDays.Touch(ctx, tx, pass.ID, pass.AccountID, in.ScannedAt, day); err != nil {
			return scanOutcome{}, err
		}
		return res, nil
	})
	if err != nil {
		return nil, err
	}
	if out.firstRide {
		if err := s.queueRideDay(ctx, out.accountID, out.decision.PassID, day); err != nil {
			return nil, err
		}
	}
	return &out.decision, nil
}

type rideAgg struct {
	accountID string
	day       time.Time
	first     time.Time
	rides     int
}

// IngestBatch stores scans a turnstile buffered while it was offline. The
// gate already admitted or refused the rider locally, so the decisions are
// recomputed only for accounting.
func (s *gateService) IngestBatch(ctx context.Context, gateID string, in []ScanInput) (int, error) {
	if len(in) == 0 {
		return 0, nil
	}
	aggs, err := withTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) (map[string]*rideAgg, error) {
		byCard := map[string]*model.Pass{}
		aggs := map[string]*rideAgg{}
		rows := make([]*model.RideScan, 0, len(in))
		for _, sc := range in {
			p, seen := byCard[sc.CardUID]
			if !seen {
				found, err := s.passes.ByCardUID(ctx, tx, sc.CardUID)
				if err != nil && !errors.Is(err, store.ErrNotFound) {
					return nil, err
				}
				p = found
				byCard[sc.CardUID] = p
			}
			row := &model.RideScan{
				ScanID:    sc.ScanID,
				GateID:    gateID,
				CardUID:   sc.CardUID,
				Decision:  model.ScanDenied,
				ScannedAt: sc.ScannedAt,
			}
			if p != nil {
				row.PassID = &p.ID
				if p.ValidOn(sc.ScannedAt.In(s.tz)) {
					row.Decision = model.ScanAdmitted
					day := s.localDay(sc.ScannedAt)
					k := p.ID + "|" + day.Format(time.DateOnly)
					a := aggs[k]
					if a == nil {
						a = &rideAgg{accountID: p.AccountID, day: day, first: sc.ScannedAt}
						aggs[k] = a
					}
					if sc.ScannedAt.Before(a.first) {
						a.first = sc.ScannedAt
					}
					a.rides++
				}
			}
			rows = append(rows, row)
		}
		if err := s.scans.InsertBatch(ctx, tx, rows); err != nil {
			return nil, err
		}
		for k, a := range aggs {
			passID := k[:len(k)-len("|2006-01-02")]
			if err := s.passes.IncrementRides(ctx, tx, passID, a.rides); err != nil {
				return nil, err
			}
			if err := s.rideDays.AddRides(ctx, tx, passID, a.accountID, a.day, a.first, a.rides); err != nil {
				return nil, err
			}
		}
		return aggs, nil
	})
	if err != nil {
		return 0, err
	}
	for k, a := range aggs {
		passID := k[:len(k)-len("|2006-01-02")]
		if err := s.queueRideDay(ctx, a.accountID, passID, a.day); err != nil {
			return 0, err
		}
	}
	return len(in), nil
}

func (s *gateService) queueRideDay(ctx context.Context, accountID, passID string, day time.Time) error {
	d := day.Format(time.DateOnly)
	t, err := tasks.New(tasks.TypeGrantRideDay, tasks.GrantRideDay{AccountID: accountID, PassID: passID, RideDate: d})
	if err != nil {
		return err
	}
	return tasks.Enqueue(ctx, s.queue, t, tasks.Options(tasks.TypeGrantRideDay, tasks.ID("loyalty", accountID, d))...)
}

func (s *gateService) ReportStatus(ctx context.Context, in GateStatusInput) error {
	at := in.At
	return s.gates.UpsertStatus(ctx, s.db, &model.Gate{
		ID:              in.GateID,
		LiftID:          in.LiftID,
		Status:          in.Status,
		Firmware:        in.Firmware,
		BufferedScans:   in.BufferedScans,
		LastHeartbeatAt: &at,
	})
}
