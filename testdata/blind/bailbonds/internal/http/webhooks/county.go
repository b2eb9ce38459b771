package webhooks

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/keystonebail/bondline/internal/platform/httpx"
	"github.com/keystonebail/bondline/internal/providers/countyfeed"
)

// NoticeIntake stores forfeiture notices.
type NoticeIntake interface {
	Intake(ctx context.Context, n countyfeed.Notice) error
}

// County serves POST /feeds/county/notices.
type County struct {
	Secret string
	Intake NoticeIntake
}

// Handle accepts one notice from the county e-filing feed.
func (h County) Handle(c *gin.Context) {
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, maxBody))
	if err != nil {
		httpx.BadRequest(c, err)
		return
	}
	n, err := countyfeed.Decode(body, c.GetHeader("X-Feed-Signature"), h.Secret)
	if errors.Is(err, countyfeed.ErrSignature) {
		c.AbortWithStatus(http.StatusUnauthorized)
		return
	}
	if err != nil {
		httpx.BadRequest(c, err)
		return
	}

	if n.Kind != countyfeed.KindForfeiture {
		// Exonerations and hearing notices are worked by hand from the
		// clerk's portal for now.
		c.Status(http.StatusAccepted)
		return
	}
	if err := h.Intake.Intake(c.Request.Context(), n); err != nil {
		slog.ErrorContext(c.Request.Context(), "county notice intake",
			"county", n.County, "notice", n.NoticeNumber, "err", err)
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	c.Status(http.StatusAccepted)
}
