// Package webhooks receives partner callbacks: Roomly video events,
// RxRelay prescription status and Stripe payment events.
package webhooks

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/carelink/telehealth/internal/domain"
	"github.com/carelink/telehealth/internal/ids"
	"github.com/carelink/telehealth/internal/platform/httpx"
	"github.com/carelink/telehealth/internal/platform/kafkax"
	"github.com/carelink/telehealth/internal/providers/video"
	"github.com/carelink/telehealth/internal/store"
)

const maxBody = 1 << 20

// roomlyEvent is the body of every Roomly webhook.
type roomlyEvent struct {
	ID        string          `json:"id"`
	Type      string          `json:"type"`
	CreatedAt time.Time       `json:"created_at"`
	Data      json.RawMessage `json:"data"`
}

type sessionRef struct {
	SessionID string `json:"session_id"`
}

// EventPublisher publishes envelopes to the session topic.
type EventPublisher interface {
	Publish(ctx context.Context, key string, env kafkax.Envelope) error
}

// RecordingStore stores finished recordings.
type RecordingStore interface {
	AddRecording(ctx context.Context, rec *store.Recording) error
}

// Video receives Roomly webhooks.
type Video struct {
	Secret     string
	Publisher  EventPublisher
	Recordings RecordingStore
	Log        *slog.Logger
	Now        func() time.Time
}

// forwarded lists the Roomly event types relayed to the session topic.
var forwarded = map[string]bool{
	"session.ended":      true,
	"participant.joined": true,
}

func (v *Video) verify(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
	if err != nil {
		httpx.WriteError(w, domain.ErrInvalidArgument)
		return nil, false
	}
	if !video.VerifyWebhook(v.Secret, body, r.Header.Get("Roomly-Signature"), 5*time.Minute, v.Now()) {
		httpx.WriteError(w, domain.ErrUnauthenticated)
		return nil, false
	}
	return body, true
}

// Events relays session lifecycle events to Kafka, keyed by session so a
// session's events stay ordered.
func (v *Video) Events(w http.ResponseWriter, r *http.Request) {
	body, ok := v.verify(w, r)
	if !ok {
		return
	}
	var ev roomlyEvent
	if err := json.Unmarshal(body, &ev); err != nil || ev.ID == "" {
		httpx.WriteError(w, domain.ErrInvalidArgument)
		return
	}
	if !forwarded[ev.Type] {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	var ref sessionRef
	_ = json.Unmarshal(ev.Data, &ref)
	err := v.Publisher.Publish(r.Context(), ref.SessionID, kafkax.Envelope{
		ID:         ev.ID,
		Type:       ev.Type,
		Source:     "roomly",
		OccurredAt: ev.CreatedAt,
		Data:       ev.Data,
	})
	if err != nil {
		v.Log.Error("publish roomly event", "id", ev.ID, "err", err)
		httpx.WriteError(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

type recordingReady struct {
	RecordingID   string `json:"recording_id"`
	SessionID     string `json:"session_id"`
	AppointmentID string `json:"external_id"`
	DownloadURL   string `json:"download_url"`
	Duration      int    `json:"duration_seconds"`
	Size          int64  `json:"size_bytes"`
}

// Recordings stores the location of a finished visit recording.
func (v *Video) RecordingReady(w http.ResponseWriter, r *http.Request) {
	body, ok := v.verify(w, r)
	if !ok {
		return
	}
	var ev roomlyEvent
	if err := json.Unmarshal(body, &ev); err != nil || ev.Type != "recording.ready" {
		httpx.WriteError(w, domain.ErrInvalidArgument)
		return
	}
	var d recordingReady
	if err := json.Unmarshal(ev.Data, &d); err != nil {
		httpx.WriteError(w, domain.ErrInvalidArgument)
		return
	}
	apptID, ok := ids.ParseUUID(d.AppointmentID)
	if !ok {
		httpx.WriteError(w, domain.ErrInvalidArgument)
		return
	}
	if err := v.Recordings.AddRecording(r.Context(), &store.Recording{
		VendorRecordingID: d.RecordingID,
		AppointmentID:     apptID,
		SessionID:         d.SessionID,
		StorageURL:        d.DownloadURL,
		DurationSeconds:   d.Duration,
		SizeBytes:         d.Size,
	}); err != nil {
		v.Log.Error("store recording", "recording", d.RecordingID, "err", err)
		httpx.WriteError(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
