// Package usage tracks data consumption and usage alerts.
package usage

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/hibiken/asynq"
	"github.com/segmentio/ksuid"

	"github.com/globetrek/esim-platform/internal/model"
	"github.com/globetrek/esim-platform/internal/providers/carriers"
	"github.com/globetrek/esim-platform/internal/service/notify"
	"github.com/globetrek/esim-platform/internal/store"
	"github.com/globetrek/esim-platform/internal/tasks"
)

var (
	ErrNotFound       = errors.New("usage: esim not found")
	ErrInvalidPercent = errors.New("usage: percent must be between 1 and 100")
	ErrInvalidChannel = errors.New("usage: unsupported alert channel")
)

// Texter sends an SMS from a template.
type Texter interface {
	SMS(ctx context.Context, customerID, template string, vars map[string]string) error
}

// Service is the usage workflow.
type Service struct {
	db       *store.DB
	carriers *carriers.Registry
	tasks    tasks.Enqueuer
	texter   Texter
	log      *slog.Logger
	now      func() time.Time
}

// New returns a usage service.
func New(db *store.DB, reg *carriers.Registry, q tasks.Enqueuer, t Texter, log *slog.Logger) *Service {
	return &Service{db: db, carriers: reg, tasks: q, texter: t, log: log, now: time.Now}
}

// SetThreshold configures an alert at percent of the plan's data.
func (s *Service) SetThreshold(ctx context.Context, esimID, customerID string, percent int32, channel string) error {
	if percent < 1 || percent > 100 {
		return ErrInvalidPercent
	}
	if channel == "" {
		channel = "sms"
	}
	if channel != "sms" {
		return ErrInvalidChannel
	}
	e, err := s.db.Esims.Get(ctx, esimID)
	if errors.Is(err, store.ErrNotFound) || (err == nil && e.CustomerID != customerID) {
		return ErrNotFound
	}
	if err != nil {
		return err
	}
	_, err = s.db.AlertSettings.Exec(ctx, "upsert", e.ID, percent, channel)
	return err
}

// Thresholds lists the configured alerts of an eSIM.
func (s *Service) Thresholds(ctx context.Context, esimID string) ([]model.AlertSetting, error) {
	return s.db.AlertSettings.List(ctx, "for_esim", esimID)
}

// Report is a usage delta pushed by a carrier.
type Report struct {
	ReportID string
	ICCID    string
	Bytes    int64
}

// ApplyReport adds a carrier usage report to the eSIM and queues the alerts
// whose thresholds it crosses.
func (s *Service) ApplyReport(ctx context.Context, rep Report) error {
	var seen bool
	if err := s.db.UsageReports.Scalar(ctx, "exists", &seen, rep.ReportID); err != nil {
		return err
	}
	if seen {
		return nil
	}
	e, err := s.db.Esims.Find(ctx, "by_iccid", rep.ICCID)
	if err != nil {
		return fmt.Errorf("usage report %s: %w", rep.ReportID, err)
	}
	var crossed []int32
	err = s.db.InTx(ctx, func(r *store.Repos) error {
		cur, err := r.Esims.GetForUpdate(ctx, e.ID)
		if err != nil {
			return err
		}
		if _, err := r.Esims.Exec(ctx, "add_usage", cur.ID, rep.Bytes); err != nil {
			return err
		}
		settings, err := r.AlertSettings.List(ctx, "for_esim", cur.ID)
		if err != nil {
			return err
		}
		crossed = Crossed(settings, cur.UsedBytes, cur.UsedBytes+rep.Bytes, cur.DataLimitBytes)
		return nil
	})
	if err != nil {
		return err
	}
	for _, pct := range crossed {
		if err := s.QueueAlert(ctx, e.ID, pct, asynq.TaskID(tasks.AlertTaskID(e.ID, pct))); err != nil {
			return err
		}
	}
	_, err = s.db.UsageReports.InsertIgnore(ctx, &model.UsageReport{
		ReportID:   rep.ReportID,
		EsimID:     e.ID,
		Bytes:      rep.Bytes,
		ReceivedAt: s.now().UTC(),
	})
	return err
}

// Crossed returns the thresholds passed when usage moved from before to after.
func Crossed(settings []model.AlertSetting, before, after, limit int64) []int32 {
	if limit <= 0 {
		return nil
	}
	var out []int32
	for _, st := range settings {
		mark := limit * int64(st.Percent) / 100
		if before < mark && after >= mark {
			out = append(out, st.Percent)
		}
	}
	return out
}

// QueueAlert queues a threshold alert for the eSIM.
func (s *Service) QueueAlert(ctx context.Context, esimID string, percent int32, opts ...asynq.Option) error {
	return s.tasks.Enqueue(ctx, tasks.UsageAlert(esimID, percent, opts...))
}

// SendAlert texts the traveller that they crossed a usage threshold.
func (s *Service) SendAlert(ctx context.Context, esimID string, percent int32) error {
	e, err := s.db.Esims.Get(ctx, esimID)
	if err != nil {
		return err
	}
	if e.Status != model.EsimInstalled {
		return nil
	}
	vars := map[string]string{"percent": strconv.Itoa(int(percent))}
	if err := s.texter.SMS(ctx, e.CustomerID, notify.TplUsageThreshold, vars); err != nil {
		return err
	}
	_, err = s.db.AlertsSent.InsertIgnore(ctx, &model.AlertSent{
		EsimID:  e.ID,
		Percent: percent,
		Channel: "sms",
		SentAt:  s.now().UTC(),
	})
	return err
}

// PollCarrier pulls last hour's usage for every live eSIM of a carrier that
// does not push usage reports.
func (s *Service) PollCarrier(ctx context.Context, code string) error {
	c, err := s.carriers.Get(code)
	if err != nil {
		return err
	}
	end := s.now().UTC().Truncate(time.Hour)
	start := end.Add(-time.Hour)
	live, err := s.db.Esims.List(ctx, "active_for_carrier", code)
	if err != nil {
		return err
	}
	var polled int
	for _, e := range live {
		if e.ICCID == nil {
			continue
		}
		w, err := c.Usage(ctx, *e.ICCID, start, end)
		if errors.Is(err, carriers.ErrUnsupported) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("poll %s usage for %s: %w", code, e.ID, err)
		}
		if w.Bytes == 0 {
			continue
		}
		err = s.db.InTx(ctx, func(r *store.Repos) error {
			rec := &model.UsageRecord{
				ID:          ksuid.New().String(),
				EsimID:      e.ID,
				WindowStart: start,
				WindowEnd:   end,
				Bytes:       w.Bytes,
				Source:      code,
				CreatedAt:   s.now().UTC(),
			}
			if err := r.UsageRecords.Insert(ctx, rec); err != nil {
				return err
			}
			_, err := r.Esims.Exec(ctx, "add_usage", e.ID, w.Bytes)
			return err
		})
		if err != nil {
			return err
		}
		polled++
	}
	s.log.InfoContext(ctx, "usage polled", "carrier", code, "esims", len(live), "with_usage", polled, "window_start", start)
	return nil
}
