package handlers

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/stenoline-legal/depobook/internal/domain"
	"github.com/stenoline-legal/depobook/internal/platform/httpx"
	"github.com/stenoline-legal/depobook/internal/service"
)

type Transcripts struct {
	svc service.Transcripts
}

func NewTranscripts(svc service.Transcripts) *Transcripts { return &Transcripts{svc: svc} }

func (h *Transcripts) Register(firm, reporter, _ *gin.RouterGroup) {
	reporter.POST("/transcripts/:id/submit", httpx.Handle(h.submit))
	firm.POST("/transcripts/:id/redeliver", httpx.Handle(h.redeliver, httpx.Options{Status: http.StatusAccepted, SkipBody: true}))
}

type submitRequest struct {
	TranscriptID string `uri:"id"`
	Pages        int    `json:"pages"`
	FileKey      string `json:"file_key"`
}

func (h *Transcripts) submit(ctx context.Context, req submitRequest) (*domain.Transcript, error) {
	return h.svc.Submit(ctx, service.SubmitTranscriptInput{
		ReporterID:   httpx.PrincipalFrom(ctx).ReporterID,
		TranscriptID: req.TranscriptID,
		Pages:        req.Pages,
		FileKey:      req.FileKey,
	})
}

type redeliverRequest struct {
	TranscriptID string `uri:"id"`
	RequestKey   string `header:"Idempotency-Key"`
}

func (h *Transcripts) redeliver(ctx context.Context, req redeliverRequest) (*service.RedeliverResult, error) {
	return h.svc.Redeliver(ctx, service.RedeliverInput{
		FirmID:       httpx.PrincipalFrom(ctx).FirmID,
		TranscriptID: req.TranscriptID,
		RequestKey:   req.RequestKey,
	})
}
