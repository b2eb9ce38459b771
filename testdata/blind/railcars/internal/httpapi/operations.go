package httpapi

import (
	"net/http"

	"github.com/ironbridge-leasing/railcars/internal/platform/httpx"
	"github.com/ironbridge-leasing/railcars/internal/service"
)

func (s *Server) createWorkOrder(w http.ResponseWriter, r *http.Request) error {
	var in service.WorkOrderInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	in.RequestedBy = httpx.Actor(r)
	wo, err := s.Maintenance.CreateWorkOrder(r.Context(), in)
	if err != nil {
		return err
	}
	httpx.JSON(w, http.StatusCreated, wo)
	return nil
}

func (s *Server) getWorkOrder(w http.ResponseWriter, r *http.Request) error {
	wo, err := s.Maintenance.Get(r.Context(), vars(r, "workOrderID"))
	if err != nil {
		return err
	}
	httpx.JSON(w, http.StatusOK, wo)
	return nil
}

func (s *Server) dispatchWorkOrder(w http.ResponseWriter, r *http.Request) error {
	wo, err := s.Maintenance.Dispatch(r.Context(), vars(r, "workOrderID"))
	if err != nil {
		return err
	}
	httpx.JSON(w, http.StatusOK, wo)
	return nil
}

func (s *Server) recordMovement(w http.ResponseWriter, r *http.Request) error {
	var in service.ManualMovement
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	id, err := s.Movements.SubmitManual(r.Context(), vars(r, "carMark"), in)
	if err != nil {
		return err
	}
	httpx.JSON(w, http.StatusAccepted, map[string]string{"event_id": id})
	return nil
}

func (s *Server) requestRelease(w http.ResponseWriter, r *http.Request) error {
	var in service.ReleaseInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	in.RequestedBy = httpx.Actor(r)
	rr, err := s.Movements.RequestRelease(r.Context(), vars(r, "carMark"), in)
	if err != nil {
		return err
	}
	httpx.JSON(w, http.StatusCreated, rr)
	return nil
}

func (s *Server) disputeCharge(w http.ResponseWriter, r *http.Request) error {
	var in service.DisputeInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	in.OpenedBy = httpx.Actor(r)
	d, err := s.Demurrage.Dispute(r.Context(), vars(r, "chargeID"), in)
	if err != nil {
		return err
	}
	httpx.JSON(w, http.StatusCreated, d)
	return nil
}
