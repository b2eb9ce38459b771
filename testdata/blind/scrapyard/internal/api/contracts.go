package api

import (
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/ironbridge-metals/yardops/internal/domain"
	"github.com/ironbridge-metals/yardops/internal/httpx"
	"github.com/ironbridge-metals/yardops/internal/service"
	"github.com/ironbridge-metals/yardops/internal/store"
)

type contractRequest struct {
	MillID           string `json:"mill_id"`
	ContractNo       string `json:"contract_no"`
	MaterialCode     string `json:"material_code"`
	Tons             string `json:"tons"`
	PricePerTonCents int64  `json:"price_per_ton_cents"`
	ShipFromYard     string `json:"ship_from_yard"`
	DeliveryStart    string `json:"delivery_start"`
	DeliveryEnd      string `json:"delivery_end"`
}

type contractResponse struct {
	ID            string `json:"id"`
	MillID        string `json:"mill_id"`
	ContractNo    string `json:"contract_no"`
	MaterialCode  string `json:"material_code"`
	TonsOrdered   string `json:"tons_ordered"`
	TonsScheduled string `json:"tons_scheduled"`
	Status        string `json:"status"`
}

func toContractResponse(c store.SalesContract) contractResponse {
	return contractResponse{
		ID:            c.ID.String(),
		MillID:        c.MillID,
		ContractNo:    c.ContractNo,
		MaterialCode:  c.MaterialCode,
		TonsOrdered:   c.TonsOrdered,
		TonsScheduled: c.TonsScheduled,
		Status:        c.Status,
	}
}

func parseDate(field, v string) (time.Time, error) {
	t, err := time.Parse("2006-01-02", v)
	if err != nil {
		return time.Time{}, domain.Invalid("%s must be YYYY-MM-DD", field)
	}
	return t, nil
}

func createContract(svc ContractService) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		req, err := httpx.Decode[contractRequest](r)
		if err != nil {
			return err
		}
		start, err := parseDate("delivery_start", req.DeliveryStart)
		if err != nil {
			return err
		}
		end, err := parseDate("delivery_end", req.DeliveryEnd)
		if err != nil {
			return err
		}
		c, err := svc.CreateContract(r.Context(), service.CreateContractInput{
			MillID:           req.MillID,
			ContractNo:       req.ContractNo,
			MaterialCode:     req.MaterialCode,
			Tons:             req.Tons,
			PricePerTonCents: req.PricePerTonCents,
			ShipFromYard:     req.ShipFromYard,
			DeliveryStart:    start,
			DeliveryEnd:      end,
		})
		if err != nil {
			return err
		}
		return httpx.WriteJSON(w, http.StatusOK, toContractResponse(c))
	}
}

type scheduleLoadRequest struct {
	PickupDate string `json:"pickup_date"`
	Tons       string `json:"tons"`
}

type loadResponse struct {
	ID            string `json:"id"`
	ContractID    string `json:"contract_id"`
	YardID        string `json:"yard_id"`
	PickupDate    string `json:"pickup_date"`
	PlannedTons   string `json:"planned_tons"`
	OutboundNetLb *int32 `json:"outbound_net_lb,omitempty"`
	BolNo         string `json:"bol_no,omitempty"`
	Status        string `json:"status"`
}

func toLoadResponse(l store.Load) loadResponse {
	out := loadResponse{
		ID:          l.ID,
		ContractID:  l.ContractID.String(),
		YardID:      l.YardID,
		PickupDate:  l.PickupDate.Format("2006-01-02"),
		PlannedTons: l.PlannedTons,
		BolNo:       l.BolNo.String,
		Status:      l.Status,
	}
	if l.OutboundNetLb.Valid {
		out.OutboundNetLb = &l.OutboundNetLb.Int32
	}
	return out
}

func scheduleLoad(svc ContractService) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		contractID, ok := parseUUID(chi.URLParam(r, "contractID"))
		if !ok {
			return domain.NotFound("contract")
		}
		req, err := httpx.Decode[scheduleLoadRequest](r)
		if err != nil {
			return err
		}
		pickup, err := parseDate("pickup_date", req.PickupDate)
		if err != nil {
			return err
		}
		l, err := svc.ScheduleLoad(r.Context(), service.ScheduleLoadInput{
			ContractID: contractID,
			RequestKey: httpx.IdempotencyKey(r),
			PickupDate: pickup,
			Tons:       req.Tons,
		})
		if err != nil {
			return err
		}
		return httpx.WriteJSON(w, http.StatusCreated, toLoadResponse(l))
	}
}

type departRequest struct {
	OutboundNetLb int32  `json:"outbound_net_lb"`
	BolNo         string `json:"bol_no"`
}

func departLoad(svc ContractService) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		req, err := httpx.Decode[departRequest](r)
		if err != nil {
			return err
		}
		l, err := svc.DepartLoad(r.Context(), service.DepartLoadInput{
			LoadID:        chi.URLParam(r, "loadID"),
			OutboundNetLb: req.OutboundNetLb,
			BolNo:         req.BolNo,
		})
		if err != nil {
			return err
		}
		return httpx.WriteJSON(w, http.StatusOK, toLoadResponse(l))
	}
}
