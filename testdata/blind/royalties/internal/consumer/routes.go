package consumer

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"

	"github.com/segmentio/kafka-go"

	"github.com/soundledger/royalties/internal/domain"
	"github.com/soundledger/royalties/internal/platform/logging"
	"github.com/soundledger/royalties/internal/service/artists"
	"github.com/soundledger/royalties/internal/service/ingest"
)

// Topics.
const (
	TopicReportManifests   = "distributor.play-reports.manifest.v1"
	TopicReportLines       = "distributor.play-reports.lines.v1"
	TopicReportCorrections = "distributor.play-reports.corrections.v1"
	TopicCatalogTracks     = "catalog.tracks.v2"
	TopicAdvances          = "label-deals.advances.v1"
)

// Handlers adapts Kafka messages to the ingest and catalog services.
type Handlers struct {
	Ingest  ingest.Service
	Catalog artists.Catalog
}

// decode unmarshals a JSON message into T, marking malformed payloads as
// poison so they are skipped rather than retried.
func decode[T any](msg kafka.Message) (T, error) {
	var v T
	if err := json.Unmarshal(msg.Value, &v); err != nil {
		return v, poison(err)
	}
	return v, nil
}

// handle builds a HandlerFunc from a typed function.
func handle[T any](fn func(ctx context.Context, v T) error) HandlerFunc {
	return func(ctx context.Context, msg kafka.Message) error {
		v, err := decode[T](msg)
		if err != nil {
			return err
		}
		err = fn(ctx, v)
		if errors.Is(err, domain.ErrInvalid) {
			return poison(err)
		}
		return err
	}
}

// Routes returns the topic table.
func (h *Handlers) Routes() []Route {
	return []Route{
		{Topic: TopicReportManifests, Handler: handle(h.manifest), Workers: 1},
		{Topic: TopicReportLines, Handler: handle(h.lines), Workers: 4},
		{Topic: TopicReportCorrections, Handler: handle(h.correction), Workers: 1},
		{Topic: TopicCatalogTracks, Handler: handle(h.track), Workers: 2},
		{Topic: TopicAdvances, Handler: handle(h.advance), Workers: 1},
	}
}

func (h *Handlers) manifest(ctx context.Context, m ingest.Manifest) error {
	_, err := h.Ingest.AcceptManifest(ctx, m)
	return err
}

func (h *Handlers) lines(ctx context.Context, b ingest.LineBatch) error {
	n, err := h.Ingest.IngestLines(ctx, b)
	if err != nil {
		return err
	}
	logging.FromContext(ctx).Debug("lines ingested",
		slog.String("report", b.ExternalReportID), slog.Int("received", len(b.Lines)), slog.Int64("new", n))
	return nil
}

func (h *Handlers) correction(ctx context.Context, c ingest.Correction) error {
	return h.Ingest.ApplyCorrection(ctx, c)
}

func (h *Handlers) track(ctx context.Context, u artists.TrackUpdate) error {
	applied, err := h.Catalog.ApplyTrackUpdate(ctx, u)
	if err == nil && !applied {
		logging.FromContext(ctx).Debug("stale track update ignored", slog.String("isrc", u.ISRC), slog.Int64("version", u.Version))
	}
	return err
}

func (h *Handlers) advance(ctx context.Context, a ingest.AdvanceGranted) error {
	return h.Ingest.RecordAdvance(ctx, a)
}
