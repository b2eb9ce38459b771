package api

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/cobaltmesa/titleworks/internal/domain"
	"github.com/cobaltmesa/titleworks/internal/platform/httpx"
	"github.com/cobaltmesa/titleworks/internal/service/liens"
	"github.com/cobaltmesa/titleworks/internal/service/orders"
	"github.com/cobaltmesa/titleworks/internal/service/titlesearch"
)

// OrderService opens and reads orders.
type OrderService interface {
	Create(ctx context.Context, in orders.CreateInput) (*domain.Order, bool, error)
	Get(ctx context.Context, id string) (*domain.Order, error)
}

// SearchService orders searches and takes in results.
type SearchService interface {
	OrderSearch(ctx context.Context, orderID, searchType string) (*domain.TitleSearch, error)
	IngestCompleted(ctx context.Context, c titlesearch.Completed) error
}

// LienService manages liens.
type LienService interface {
	AddManual(ctx context.Context, orderID string, in liens.ManualLienInput) (*domain.Lien, error)
	RequestPayoff(ctx context.Context, lienID string, goodThrough time.Time) (*domain.PayoffRequest, error)
	Release(ctx context.Context, lienID, releaseInstrument string) (*domain.Lien, error)
}

func createOrder(svc OrderService) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var in orders.CreateInput
		if err := httpx.Decode(r, &in); err != nil {
			httpx.Error(w, r, err)
			return
		}
		o, created, err := svc.Create(r.Context(), in)
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		status := http.StatusOK
		if created {
			status = http.StatusCreated
		}
		httpx.JSON(w, status, o)
	}
}

func getOrder(svc OrderService) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		o, err := svc.Get(r.Context(), r.PathValue("orderID"))
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusOK, o)
	}
}

func orderSearch(svc SearchService) http.HandlerFunc {
	type request struct {
		SearchType string `json:"search_type"`
	}
	return func(w http.ResponseWriter, r *http.Request) {
		req := request{SearchType: "full"}
		if r.ContentLength != 0 {
			if err := httpx.Decode(r, &req); err != nil {
				httpx.Error(w, r, err)
				return
			}
		}
		ts, err := svc.OrderSearch(r.Context(), r.PathValue("orderID"), req.SearchType)
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusAccepted, ts)
	}
}

func addManualLien(svc LienService) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var in liens.ManualLienInput
		if err := httpx.Decode(r, &in); err != nil {
			httpx.Error(w, r, err)
			return
		}
		l, err := svc.AddManual(r.Context(), r.PathValue("orderID"), in)
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusCreated, l)
	}
}

func requestPayoff(svc LienService) http.HandlerFunc {
	type request struct {
		GoodThrough string `json:"good_through"`
	}
	return func(w http.ResponseWriter, r *http.Request) {
		var req request
		if err := httpx.Decode(r, &req); err != nil {
			httpx.Error(w, r, err)
			return
		}
		gt, err := time.Parse(time.DateOnly, req.GoodThrough)
		if err != nil {
			httpx.Error(w, r, fmt.Errorf("%w: good_through must be YYYY-MM-DD", domain.ErrInvalid))
			return
		}
		p, err := svc.RequestPayoff(r.Context(), r.PathValue("lienID"), gt)
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusCreated, p)
	}
}

func releaseLien(svc LienService) http.HandlerFunc {
	type request struct {
		ReleaseInstrument string `json:"release_instrument"`
	}
	return func(w http.ResponseWriter, r *http.Request) {
		var req request
		if err := httpx.Decode(r, &req); err != nil {
			httpx.Error(w, r, err)
			return
		}
		l, err := svc.Release(r.Context(), r.PathValue("lienID"), req.ReleaseInstrument)
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusOK, l)
	}
}
