package httpapi

import (
	"context"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/harborlight-symphony/encore/internal/domain"
	"github.com/harborlight-symphony/encore/internal/payroll"
)

// PayrollEndpoints holds the functions the payroll routes call. It is a
// struct of funcs rather than an interface so the back-office build can
// stub individual operations.
type PayrollEndpoints struct {
	RecordRoster func(ctx context.Context, serviceID string, entries []payroll.RosterEntry) ([]domain.Attendance, error)
	ClosePeriod  func(ctx context.Context, periodStart time.Time) error
}

type rosterBody struct {
	Musicians []struct {
		MusicianID string `json:"musician_id" binding:"required"`
		Doubling   bool   `json:"doubling"`
	} `json:"musicians" binding:"required"`
}

func (p PayrollEndpoints) roster(c *gin.Context) {
	body, ok := bind[rosterBody](c)
	if !ok {
		return
	}
	entries := make([]payroll.RosterEntry, 0, len(body.Musicians))
	for _, m := range body.Musicians {
		entries = append(entries, payroll.RosterEntry{MusicianID: m.MusicianID, Doubling: m.Doubling})
	}
	lines, err := p.RecordRoster(c.Request.Context(), c.Param("id"), entries)
	if err != nil {
		fail(c, err)
		return
	}
	out := make([]gin.H, 0, len(lines))
	for _, l := range lines {
		out = append(out, gin.H{"musician_id": l.MusicianID, "amount_cents": l.AmountCents, "doubling": l.Doubling})
	}
	c.JSON(http.StatusOK, gin.H{"service_id": c.Param("id"), "lines": out})
}

type closePeriodBody struct {
	PeriodStart string `json:"period_start" binding:"required"`
}

func (p PayrollEndpoints) closePeriod(c *gin.Context) {
	body, ok := bind[closePeriodBody](c)
	if !ok {
		return
	}
	day, err := time.Parse(time.DateOnly, body.PeriodStart)
	if err != nil {
		fail(c, domain.Invalid("period_start", "must be YYYY-MM-DD"))
		return
	}
	start, _ := domain.PeriodFor(day)
	if err := p.ClosePeriod(c.Request.Context(), start); err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusAccepted, gin.H{"period_start": start.Format(time.DateOnly), "status": "queued"})
}
