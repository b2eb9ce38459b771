package api

import (
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/harborcity/citeproc/internal/provider/agency"
	"github.com/harborcity/citeproc/internal/provider/mailhouse"
	"github.com/harborcity/citeproc/internal/provider/payproc"
	"github.com/harborcity/citeproc/internal/service"
)

// WebhookHandler receives provider callbacks. Every provider here resends
// until it gets a 2xx.
type WebhookHandler struct {
	payproc     *payproc.Client
	mailhouse   *mailhouse.Client
	agency      *agency.Client
	payments    *service.PaymentService
	notices     *service.NoticeService
	collections *service.CollectionsService
	markers     service.EventMarkers
	log         *slog.Logger
}

func NewWebhookHandler(pp *payproc.Client, mh *mailhouse.Client, ag *agency.Client,
	payments *service.PaymentService, notices *service.NoticeService, collections *service.CollectionsService,
	markers service.EventMarkers, log *slog.Logger) *WebhookHandler {
	return &WebhookHandler{
		payproc: pp, mailhouse: mh, agency: ag,
		payments: payments, notices: notices, collections: collections,
		markers: markers, log: log,
	}
}

func (h *WebhookHandler) Register(_, _, hooks *gin.RouterGroup) {
	hooks.POST("/payproc", h.processor)
	hooks.POST("/mailhouse", h.mail)
	hooks.POST("/collections", h.collectionsAgency)
}

func readBody(c *gin.Context) ([]byte, bool) {
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, 1<<20))
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return nil, false
	}
	return body, true
}

func (h *WebhookHandler) processor(c *gin.Context) {
	body, ok := readBody(c)
	if !ok {
		return
	}
	ev, err := h.payproc.ParseWebhook(body, c.GetHeader("Payproc-Signature"), time.Now())
	if err != nil {
		c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	if err := h.payments.HandleProcessorEvent(c.Request.Context(), ev); err != nil {
		h.log.Error("processor webhook", "event", ev.ID, "type", ev.Type, "err", err)
		fail(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (h *WebhookHandler) mail(c *gin.Context) {
	body, ok := readBody(c)
	if !ok {
		return
	}
	ev, err := h.mailhouse.ParseWebhook(body, c.GetHeader("X-Mailhouse-Signature"))
	if err != nil {
		c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	if err := h.notices.HandleMailEvent(c.Request.Context(), ev); err != nil {
		h.log.Error("mailhouse webhook", "event", ev.ID, "err", err)
		fail(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (h *WebhookHandler) collectionsAgency(c *gin.Context) {
	body, ok := readBody(c)
	if !ok {
		return
	}
	ev, err := h.agency.ParseWebhook(body, c.GetHeader("X-Agency-Signature"))
	if err != nil {
		c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	ctx := c.Request.Context()
	seen, err := h.markers.Seen(ctx, "agency", ev.EventID)
	if err != nil {
		fail(c, err)
		return
	}
	if seen {
		c.Status(http.StatusNoContent)
		return
	}
	if ev.Type == "payment.collected" {
		if err := h.collections.ApplyRemittance(ctx, ev); err != nil {
			h.log.Error("agency remittance", "event", ev.EventID, "txn", ev.TxnID, "err", err)
			fail(c, err)
			return
		}
	}
	if err := h.markers.Record(ctx, "agency", ev.EventID); err != nil {
		fail(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}
