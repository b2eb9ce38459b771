// Package gateapi is the HTTP API the turnstile controllers talk to. Gates
// retry any request that times out, and keep offline scans in a local buffer
// that they upload when the link comes back.
package gateapi

import (
	"crypto/subtle"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	echomw "github.com/labstack/echo/v4/middleware"

	"github.com/summitline/skipass/internal/config"
	"github.com/summitline/skipass/internal/service"
)

type Server struct {
	gates service.GateService
	log   *slog.Logger
	key   string
}

func NewServer(cfg config.Config, gates service.GateService, log *slog.Logger) *Server {
	return &Server{gates: gates, log: log, key: cfg.GateSharedKey}
}

// Echo builds the router.
func (s *Server) Echo() *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.Use(echomw.Recover())
	e.Use(echomw.ContextTimeout(3 * time.Second))
	e.GET("/healthz", func(c echo.Context) error { return c.NoContent(http.StatusOK) })

	g := e.Group("/v1/gates/:gate", s.authGate)
	g.POST("/scans", s.scan)
	g.POST("/scans/batch", s.scanBatch)
	g.PUT("/status", s.status)
	return e
}

func (s *Server) authGate(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		got := c.Request().Header.Get("X-Gate-Key")
		if s.key == "" || subtle.ConstantTimeCompare([]byte(got), []byte(s.key)) != 1 {
			return echo.NewHTTPError(http.StatusUnauthorized)
		}
		return next(c)
	}
}

type scanRequest struct {
	ScanID    string    `json:"scan_id"`
	CardUID   string    `json:"card_uid"`
	ScannedAt time.Time `json:"scanned_at"`
}

type scanResponse struct {
	ScanID string `json:"scan_id"`
	Open   bool   `json:"open"`
}

func (s *Server) scan(c echo.Context) error {
	var req scanRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	d, err := s.gates.RecordScan(c.Request().Context(), service.ScanInput{
		ScanID:    req.ScanID,
		GateID:    c.Param("gate"),
		CardUID:   req.CardUID,
		ScannedAt: req.ScannedAt,
	})
	if errors.Is(err, service.ErrInvalid) {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, scanResponse{ScanID: d.ScanID, Open: d.Admitted})
}

type batchRequest struct {
	Scans []scanRequest `json:"scans"`
}

func (s *Server) scanBatch(c echo.Context) error {
	var req batchRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	in := make([]service.ScanInput, 0, len(req.Scans))
	for _, sc := range req.Scans {
		if sc.ScanID == "" {
			return echo.NewHTTPError(http.StatusBadRequest, "scan_id missing")
		}
		in = append(in, service.ScanInput{ScanID: sc.ScanID, CardUID: sc.CardUID, ScannedAt: sc.ScannedAt})
	}
	n, err := s.gates.IngestBatch(c.Request().Context(), c.Param("gate"), in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]int{"accepted": n})
}

type statusRequest struct {
	LiftID        string    `json:"lift_id"`
	Status        string    `json:"status"`
	Firmware      string    `json:"firmware"`
	BufferedScans int       `json:"buffered_scans"`
	At            time.Time `json:"at"`
}

func (s *Server) status(c echo.Context) error {
	var req statusRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	if err := s.gates.ReportStatus(c.Request().Context(), service.GateStatusInput{
		GateID:        c.Param("gate"),
		LiftID:        req.LiftID,
		Status:        req.Status,
		Firmware:      req.Firmware,
		BufferedScans: req.BufferedScans,
		At:            req.At,
	}); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
