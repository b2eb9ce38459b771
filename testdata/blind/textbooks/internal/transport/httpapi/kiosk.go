package httpapi

import (
	"crypto/subtle"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/quirecampus/bookloop/internal/app"
	"github.com/quirecampus/bookloop/internal/platform/httpx"
)

// KioskHandlers serve the drop-off kiosks. Kiosk firmware retries a POST
// up to five times with backoff when it gets no answer.
type KioskHandlers struct {
	Kiosks   app.KioskService
	FleetKey string
}

func (h *KioskHandlers) Routes() Group {
	return Group{
		Prefix:     "/v1/kiosk",
		Middleware: []gin.HandlerFunc{h.auth},
		routes: []route{
			{http.MethodPost, "/dropoffs", h.dropoff},
			{http.MethodPost, "/heartbeats", h.heartbeat},
		},
	}
}

func (h *KioskHandlers) auth(c *gin.Context) {
	key := c.GetHeader("X-Kiosk-Key")
	if subtle.ConstantTimeCompare([]byte(key), []byte(h.FleetKey)) != 1 {
		c.AbortWithStatusJSON(http.StatusUnauthorized, gin.H{"error": "unknown kiosk"})
		return
	}
	c.Next()
}

type dropoffBody struct {
	KioskID     string   `json:"kiosk_id" binding:"required"`
	EventID     string   `json:"event_id" binding:"required"`
	DropoffCode string   `json:"dropoff_code" binding:"required"`
	Slot        int      `json:"slot"`
	ISBNs       []string `json:"scanned_isbns" binding:"required,min=1"`
}

func (h *KioskHandlers) dropoff(c *gin.Context) (int, any, error) {
	body, err := httpx.Bind[dropoffBody](c)
	if err != nil {
		return 0, nil, err
	}
	d, err := h.Kiosks.RecordDropoff(c.Request.Context(), app.DropoffRequest{
		KioskID:     body.KioskID,
		EventID:     body.EventID,
		DropoffCode: body.DropoffCode,
		Slot:        body.Slot,
		ISBNs:       body.ISBNs,
	})
	if err != nil {
		return 0, nil, err
	}
	return http.StatusCreated, gin.H{"dropoff_id": d.ID, "receipt": "Thanks! We'll email you once your books are graded."}, nil
}

type heartbeatBody struct {
	KioskID    string    `json:"kiosk_id" binding:"required"`
	BinFillPct int       `json:"bin_fill_pct"`
	Firmware   string    `json:"firmware"`
	ReportedAt time.Time `json:"reported_at"`
}

func (h *KioskHandlers) heartbeat(c *gin.Context) (int, any, error) {
	body, err := httpx.Bind[heartbeatBody](c)
	if err != nil {
		return 0, nil, err
	}
	err = h.Kiosks.RecordHeartbeat(c.Request.Context(), app.Heartbeat{
		KioskID:    body.KioskID,
		BinFillPct: body.BinFillPct,
		Firmware:   body.Firmware,
		ReportedAt: body.ReportedAt,
	})
	if err != nil {
		return 0, nil, err
	}
	return http.StatusNoContent, nil, nil
}
