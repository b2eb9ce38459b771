// Package kioskgw is the HTTPS gateway for kiosks that cannot hold a NATS
// connection (older firmware, sites behind strict proxies). It republishes
// what the kiosks upload onto JetStream.
package kioskgw

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"github.com/pantloop/deposit/internal/bus"
	"github.com/pantloop/deposit/internal/events"
)

// Gateway serves the kiosk upload endpoints.
type Gateway struct {
	pub       bus.Publisher
	masterKey []byte
	log       *slog.Logger
	// msgID names a message uploaded by a kiosk for tracing across the
	// gateway and the stream.
	msgID func(kioskID string) string
}

func New(pub bus.Publisher, masterKey []byte, log *slog.Logger) *Gateway {
	return &Gateway{
		pub:       pub,
		masterKey: masterKey,
		log:       log,
		msgID: func(kioskID string) string {
			return kioskID + "-" + strconv.FormatInt(time.Now().UnixNano(), 36)
		},
	}
}

func (g *Gateway) Router() http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Use(middleware.Recoverer)
	r.Use(middleware.Timeout(20 * time.Second))
	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })
	r.Route("/v1/kiosks/{kioskID}", func(r chi.Router) {
		r.Use(g.authenticate)
		r.Post("/returns/batch", g.uploadReturns)
		r.Post("/faults", g.reportFault)
	})
	return r
}

// authenticate checks X-Kiosk-Key, an HMAC of the kiosk id provisioned at
// installation.
func (g *Gateway) authenticate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		kioskID := chi.URLParam(r, "kioskID")
		mac := hmac.New(sha256.New, g.masterKey)
		mac.Write([]byte(kioskID))
		want := hex.EncodeToString(mac.Sum(nil))
		if !hmac.Equal([]byte(want), []byte(r.Header.Get("X-Kiosk-Key"))) {
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	})
}

type returnBatch struct {
	Returns []events.ReturnRecorded `json:"returns"`
}

type batchResult struct {
	Accepted int    `json:"accepted"`
	Error    string `json:"error,omitempty"`
}

// uploadReturns handles POST /v1/kiosks/{kioskID}/returns/batch. Kiosks
// buffer return sessions while offline and upload them in order; a batch
// that is not acknowledged with 202 is uploaded again.
func (g *Gateway) uploadReturns(w http.ResponseWriter, r *http.Request) {
	kioskID := chi.URLParam(r, "kioskID")
	var batch returnBatch
	if err := json.NewDecoder(io.LimitReader(r.Body, 4<<20)).Decode(&batch); err != nil {
		writeJSON(w, http.StatusBadRequest, batchResult{Error: "invalid batch"})
		return
	}

	accepted := 0
	for _, ret := range batch.Returns {
		ret.KioskID = kioskID
		if ret.EventID == "" || ret.KioskSeq <= 0 {
			writeJSON(w, http.StatusUnprocessableEntity, batchResult{Accepted: accepted, Error: "return without event_id or kiosk_seq"})
			return
		}
		if err := g.pub.Publish(r.Context(), events.SubjectReturnRecorded, ret, g.msgID(kioskID)); err != nil {
			g.log.Warn("publish return", "kiosk", kioskID, "seq", ret.KioskSeq, "err", err)
			writeJSON(w, http.StatusServiceUnavailable, batchResult{Accepted: accepted, Error: "stream unavailable"})
			return
		}
		if ret.VoucherCode != "" {
			v := events.VoucherPrinted{
				Code:        ret.VoucherCode,
				KioskID:     kioskID,
				AmountCents: ret.DepositCents,
				PrintedAt:   ret.ReturnedAt,
			}
			if err := g.pub.Publish(r.Context(), events.SubjectVoucherPrinted, v, "voucher-"+ret.VoucherCode); err != nil {
				writeJSON(w, http.StatusServiceUnavailable, batchResult{Accepted: accepted, Error: "stream unavailable"})
				return
			}
		}
		accepted++
	}
	writeJSON(w, http.StatusAccepted, batchResult{Accepted: accepted})
}

// reportFault handles POST /v1/kiosks/{kioskID}/faults.
func (g *Gateway) reportFault(w http.ResponseWriter, r *http.Request) {
	kioskID := chi.URLParam(r, "kioskID")
	var f events.FaultReported
	if err := json.NewDecoder(io.LimitReader(r.Body, 64<<10)).Decode(&f); err != nil || f.FaultID == "" {
		http.Error(w, "invalid fault", http.StatusBadRequest)
		return
	}
	f.KioskID = kioskID
	if f.ReportedAt.IsZero() {
		f.ReportedAt = time.Now().UTC()
	}
	if err := g.pub.Publish(r.Context(), events.SubjectFaultReported, f, "fault-"+f.FaultID); err != nil {
		g.log.Warn("publish fault", "kiosk", kioskID, "fault", f.FaultID, "err", err)
		http.Error(w, "stream unavailable", http.StatusServiceUnavailable)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
