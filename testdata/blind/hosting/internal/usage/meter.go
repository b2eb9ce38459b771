package usage

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"github.com/nimbusrack/hosting/internal/providers/usagequeue"
	"github.com/nimbusrack/hosting/internal/servers"
	"github.com/nimbusrack/hosting/internal/volumes"
)

// Prices maps a metric to its unit price in cents.
type Prices map[string]int64

// DefaultPrices are the list prices for metered usage.
var DefaultPrices = Prices{
	"egress_gb":     1,
	"ipv4_hours":    0,
	"backup_gb":     2,
	"cpu_burst_min": 1,
	"volume_gb_h":   0,
}

// Meter turns datacenter samples into billable usage.
type Meter struct {
	repo              *Repository
	servers           *servers.Repository
	volumes           *volumes.Repository
	prices            Prices
	volumeGBHourMilli int64
	log               *slog.Logger
}

// MeterOption configures a Meter.
type MeterOption func(*Meter)

// WithPrices overrides the metric prices.
func WithPrices(p Prices) MeterOption { return func(m *Meter) { m.prices = p } }

// WithVolumePrice sets the volume price in milli-cents per GB-hour.
func WithVolumePrice(milli int64) MeterOption { return func(m *Meter) { m.volumeGBHourMilli = milli } }

// NewMeter wires a Meter.
func NewMeter(repo *Repository, srv *servers.Repository, vol *volumes.Repository, log *slog.Logger, opts ...MeterOption) *Meter {
	m := &Meter{repo: repo, servers: srv, volumes: vol, prices: DefaultPrices, volumeGBHourMilli: 14, log: log}
	for _, opt := range opts {
		opt(m)
	}
	return m
}

// ErrUnknownResource is returned for samples of resources we do not track;
// such messages are dropped.
var ErrUnknownResource = errors.New("usage: unknown resource")

// RecordServerSample stores one server usage sample from the ingest queue.
func (m *Meter) RecordServerSample(ctx context.Context, body []byte) error {
	var s usagequeue.Record
	if err := json.Unmarshal(body, &s); err != nil {
		m.log.Error("malformed usage sample", "error", err)
		return nil
	}
	price, ok := m.prices[s.Metric]
	if !ok {
		m.log.Warn("unpriced metric", "metric", s.Metric)
		return nil
	}
	srv, err := m.servers.ByExternalID(ctx, s.ResourceID)
	if errors.Is(err, servers.ErrNotFound) {
		m.log.Warn("usage for unknown server", "resource_id", s.ResourceID)
		return nil
	}
	if err != nil {
		return err
	}

	rec := &Record{
		ServerID:       srv.ID,
		CustomerID:     srv.CustomerID,
		Metric:         s.Metric,
		Quantity:       s.Quantity,
		UnitCents:      price,
		WindowStart:    s.WindowStart,
		WindowEnd:      s.WindowEnd,
		SourceRecordID: &s.RecordID,
	}
	if err := m.repo.Insert(ctx, rec); err != nil {
		return fmt.Errorf("insert usage: %w", err)
	}
	return nil
}

// RecordVolumeSample stores one volume-hour from the volume usage queue.
func (m *Meter) RecordVolumeSample(ctx context.Context, body []byte) error {
	var s usagequeue.Record
	if err := json.Unmarshal(body, &s); err != nil {
		m.log.Error("malformed volume sample", "error", err)
		return nil
	}
	vol, err := m.volumes.ByExternalID(ctx, s.ResourceID)
	if errors.Is(err, volumes.ErrNotFound) {
		m.log.Warn("usage for unknown volume", "resource_id", s.ResourceID)
		return nil
	}
	if err != nil {
		return err
	}
	hour := s.WindowStart.UTC().Truncate(60 * 60 * 1e9)
	_, err = m.repo.InsertVolumeHour(ctx, &VolumeHour{
		VolumeID:   vol.ID,
		Hour:       hour,
		CustomerID: vol.CustomerID,
		GBHours:    s.Quantity,
		UnitCents:  m.volumeGBHourMilli,
	})
	return err
}
