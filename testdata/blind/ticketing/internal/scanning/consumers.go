// Package scanning ingests box-office / turnstile scan events.
package scanning

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/oklog/ulid/v2"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/stagepass/ticketing/internal/db"
	"github.com/stagepass/ticketing/internal/store"
)

const (
	// GateScanTopic carries one record per live turnstile scan.
	GateScanTopic = "gate.scans"
	// OfflineBatchTopic carries batches uploaded by handhelds after they
	// regain connectivity.
	OfflineBatchTopic = "gate.offline-batches"
)

// ScanEvent is published by turnstile readers.
type ScanEvent struct {
	Barcode   string    `json:"barcode"`
	GateID    string    `json:"gate_id"`
	DeviceID  string    `json:"device_id"`
	ScannedAt time.Time `json:"scanned_at"`
}

// OfflineBatch is uploaded by a handheld that scanned without connectivity.
// Seq is the device's own monotonically increasing scan counter.
type OfflineBatch struct {
	DeviceID string `json:"device_id"`
	Scans    []struct {
		Seq       int64     `json:"seq"`
		Barcode   string    `json:"barcode"`
		GateID    string    `json:"gate_id"`
		ScannedAt time.Time `json:"scanned_at"`
	} `json:"scans"`
}

// Consumers holds the scan handlers.
type Consumers struct {
	Tx store.TxRunner
}

// classify decides the scan result and records the first admission.
func classify(ctx context.Context, q db.Querier, barcode string, at time.Time) (result string, ticketID *string, err error) {
	t, err := q.GetTicketByBarcode(ctx, barcode)
	if store.IsNotFound(err) {
		return "invalid", nil, nil
	}
	if err != nil {
		return "", nil, err
	}
	id := t.ID
	switch {
	case t.Status != "valid":
		return "invalid", &id, nil
	case t.FirstScannedAt != nil:
		return "duplicate", &id, nil
	}
	if err := q.MarkTicketScanned(ctx, t.ID, at); err != nil {
		return "", nil, err
	}
	return "admitted", &id, nil
}

// HandleGateScan records a live scan and its admission result.
func (c *Consumers) HandleGateScan(ctx context.Context, rec *kgo.Record) error {
	var ev ScanEvent
	if err := json.Unmarshal(rec.Value, &ev); err != nil {
		slog.ErrorContext(ctx, "bad scan event", "offset", rec.Offset, "err", err)
		return nil
	}
	return c.Tx.InTx(ctx, func(q db.Querier) error {
		result, ticketID, err := classify(ctx, q, ev.Barcode, ev.ScannedAt)
		if err != nil {
			return err
		}
		if result == "duplicate" {
			slog.WarnContext(ctx, "passback attempt", "barcode", ev.Barcode, "gate", ev.GateID)
		}
		return q.InsertGateScan(ctx, db.InsertGateScanParams{
			ID:        ulid.Make().String(),
			TicketID:  ticketID,
			Barcode:   ev.Barcode,
			GateID:    ev.GateID,
			DeviceID:  ev.DeviceID,
			Result:    result,
			ScannedAt: ev.ScannedAt,
		})
	})
}

// HandleOfflineBatch stores scans from a handheld's offline buffer. Each scan
// is keyed by (device_id, seq), so re-uploads and redeliveries are absorbed.
func (c *Consumers) HandleOfflineBatch(ctx context.Context, rec *kgo.Record) error {
	var b OfflineBatch
	if err := json.Unmarshal(rec.Value, &b); err != nil {
		slog.ErrorContext(ctx, "bad offline batch", "offset", rec.Offset, "err", err)
		return nil
	}
	return c.Tx.InTx(ctx, func(q db.Querier) error {
		for _, s := range b.Scans {
			n, err := q.InsertOfflineScan(ctx, db.InsertOfflineScanParams{
				ID:        ulid.Make().String(),
				DeviceID:  b.DeviceID,
				DeviceSeq: s.Seq,
				Barcode:   s.Barcode,
				GateID:    s.GateID,
				ScannedAt: s.ScannedAt,
			})
			if err != nil {
				return err
			}
			if n == 0 {
				continue
			}
			if _, _, err := classify(ctx, q, s.Barcode, s.ScannedAt); err != nil {
				return err
			}
		}
		return nil
	})
}
