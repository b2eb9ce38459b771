package api

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/lexicaassess/examreg/internal/service/results"
)

// ResultIngester stores scoring partner deliveries.
type ResultIngester interface {
	Ingest(ctx context.Context, deliveryID string, scores []results.Score) (int, error)
}

// ScoringWebhook receives result releases from the scoring partner. The
// partner retries any non-2xx response with backoff for up to 72 hours and
// keeps X-Scoring-Delivery constant across those retries.
type ScoringWebhook struct {
	results ResultIngester
	secret  []byte
	log     *slog.Logger
}

// NewScoringWebhook builds the handler.
func NewScoringWebhook(r ResultIngester, secret string, log *slog.Logger) *ScoringWebhook {
	return &ScoringWebhook{results: r, secret: []byte(secret), log: log}
}

type scoringPayload struct {
	Batch   string          `json:"batch"`
	Results []results.Score `json:"results"`
}

// Handle serves POST /webhooks/scoring.
func (h *ScoringWebhook) Handle(c *gin.Context) {
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, 4<<20))
	if err != nil {
		c.Status(http.StatusBadRequest)
		return
	}
	if !h.validSignature(body, c.GetHeader("X-Scoring-Signature")) {
		c.Status(http.StatusUnauthorized)
		return
	}
	delivery := c.GetHeader("X-Scoring-Delivery")
	if delivery == "" {
		c.JSON(http.StatusBadRequest, gin.H{"error": "missing X-Scoring-Delivery"})
		return
	}
	var p scoringPayload
	if err := json.Unmarshal(body, &p); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": "malformed payload"})
		return
	}
	n, err := h.results.Ingest(c.Request.Context(), delivery, p.Results)
	if err != nil {
		h.log.ErrorContext(c.Request.Context(), "scoring delivery failed", "delivery", delivery, "err", err)
		c.Status(http.StatusInternalServerError)
		return
	}
	c.JSON(http.StatusOK, gin.H{"accepted": len(p.Results), "applied": n})
}

func (h *ScoringWebhook) validSignature(body []byte, sig string) bool {
	mac := hmac.New(sha256.New, h.secret)
	mac.Write(body)
	return hmac.Equal([]byte(hex.EncodeToString(mac.Sum(nil))), []byte(sig))
}
