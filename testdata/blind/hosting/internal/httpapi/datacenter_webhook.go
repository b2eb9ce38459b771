package httpapi

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"gorm.io/gorm"

	"github.com/nimbusrack/hosting/internal/platform/httpx"
	"github.com/nimbusrack/hosting/internal/providers/usagequeue"
	"github.com/nimbusrack/hosting/internal/servers"
	"github.com/nimbusrack/hosting/internal/webhooks"
)

// UsageSink forwards usage samples to the metering pipeline.
type UsageSink interface {
	Publish(ctx context.Context, rec usagequeue.Record) error
}

// DatacenterWebhook receives callbacks from the datacenter. The partner
// redelivers a callback every minute for an hour until it gets a 2xx.
type DatacenterWebhook struct {
	DB      *gorm.DB
	Secret  []byte
	Inbox   *webhooks.Repository
	Servers *servers.Repository
	Sink    UsageSink
	Log     *slog.Logger
}

type dcEvent struct {
	ID   string          `json:"id"`
	Type string          `json:"type"`
	Data json.RawMessage `json:"data"`
}

type dcServerStatus struct {
	ServerID string `json:"server_id"`
	Status   string `json:"status"`
}

type dcSnapshotDone struct {
	SnapshotID string `json:"snapshot_id"`
	SizeGB     int    `json:"size_gb"`
}

func (h *DatacenterWebhook) readSigned(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 4<<20))
	if err != nil {
		httpx.Error(w, http.StatusBadRequest, "unreadable_body", err.Error())
		return nil, false
	}
	mac := hmac.New(sha256.New, h.Secret)
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(r.Header.Get("X-DC-Signature"))) {
		httpx.Error(w, http.StatusUnauthorized, "invalid_signature", "signature mismatch")
		return nil, false
	}
	return body, true
}

// Events handles POST /webhooks/datacenter.
func (h *DatacenterWebhook) Events(w http.ResponseWriter, r *http.Request) {
	body, ok := h.readSigned(w, r)
	if !ok {
		return
	}
	var evt dcEvent
	if err := json.Unmarshal(body, &evt); err != nil || evt.ID == "" {
		httpx.Error(w, http.StatusBadRequest, "invalid_body", "malformed event")
		return
	}
	ctx := r.Context()

	err := h.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		claimed, err := h.Inbox.WithTx(tx).Claim(ctx, "datacenter", evt.ID, evt.Type)
		if err != nil || !claimed {
			return err
		}
		repo := h.Servers.WithTx(tx)
		switch evt.Type {
		case "server.status_changed":
			var d dcServerStatus
			if err := json.Unmarshal(evt.Data, &d); err != nil {
				return err
			}
			srv, err := repo.ByExternalID(ctx, d.ServerID)
			if errors.Is(err, servers.ErrNotFound) {
				return nil
			}
			if err != nil {
				return err
			}
			switch d.Status {
			case "error":
				_, err = repo.Transition(ctx, srv.ID, servers.StatusFailed, servers.StatusPending, servers.StatusProvisioning)
			case "deleted":
				_, err = repo.Transition(ctx, srv.ID, servers.StatusCancelled, servers.StatusCancelling)
			}
			return err
		case "snapshot.completed":
			var d dcSnapshotDone
			if err := json.Unmarshal(evt.Data, &d); err != nil {
				return err
			}
			_, err := repo.UpdateSnapshotByExternalID(ctx, d.SnapshotID, "ready", d.SizeGB)
			return err
		default:
			h.Log.Debug("ignored datacenter event", "type", evt.Type)
			return nil
		}
	})
	if err != nil {
		h.Log.Error("datacenter event failed", "event_id", evt.ID, "error", err)
		httpx.Error(w, http.StatusInternalServerError, "handler_failed", "event could not be processed")
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

type usageBatch struct {
	Records []usagequeue.Record `json:"records"`
}

// Usage handles POST /webhooks/datacenter/usage: hourly server usage samples,
// forwarded to the ingest queue for the metering consumer.
func (h *DatacenterWebhook) Usage(w http.ResponseWriter, r *http.Request) {
	body, ok := h.readSigned(w, r)
	if !ok {
		return
	}
	var batch usageBatch
	if err := json.Unmarshal(body, &batch); err != nil {
		httpx.Error(w, http.StatusBadRequest, "invalid_body", "malformed usage batch")
		return
	}
	for _, rec := range batch.Records {
		if rec.Kind == "" {
			rec.Kind = "server"
		}
		if err := h.Sink.Publish(r.Context(), rec); err != nil {
			h.Log.Error("enqueue usage", "record_id", rec.RecordID, "error", err)
			httpx.Error(w, http.StatusServiceUnavailable, "queue_unavailable", "try again later")
			return
		}
	}
	w.WriteHeader(http.StatusAccepted)
}
