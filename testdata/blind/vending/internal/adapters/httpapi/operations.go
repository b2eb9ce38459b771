package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/vendgrid/fleetops/internal/domain"
)

// OpsHandlers serves the driver app and the ops console: cash collections,
// restock orders and fault dispatch.
type OpsHandlers struct {
	collections CollectionUseCases
	restock     RestockUseCases
	faults      FaultUseCases
}

func NewOpsHandlers(c CollectionUseCases, r RestockUseCases, f FaultUseCases) *OpsHandlers {
	return &OpsHandlers{collections: c, restock: r, faults: f}
}

func (h *OpsHandlers) submitCollection(w http.ResponseWriter, r *http.Request) {
	var cmd domain.SubmitCollection
	if err := decode(r, &cmd); err != nil {
		writeError(w, r, err)
		return
	}
	cmd.DriverID = principalFrom(r.Context()).Subject
	c, err := h.collections.Submit(r.Context(), cmd)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, toCollectionView(c))
}

func (h *OpsHandlers) reconcileCollection(w http.ResponseWriter, r *http.Request) {
	c, err := h.collections.Reconcile(r.Context(), chi.URLParam(r, "collectionID"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toCollectionView(c))
}

func (h *OpsHandlers) getCollection(w http.ResponseWriter, r *http.Request) {
	c, err := h.collections.Get(r.Context(), chi.URLParam(r, "collectionID"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toCollectionView(c))
}

func (h *OpsHandlers) createRestock(w http.ResponseWriter, r *http.Request) {
	var cmd domain.CreateRestockOrder
	if err := decode(r, &cmd); err != nil {
		writeError(w, r, err)
		return
	}
	cmd.RequestKey = r.Header.Get("Idempotency-Key")
	o, err := h.restock.CreateManual(r.Context(), cmd)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, toRestockView(o))
}

func (h *OpsHandlers) receiveRestock(w http.ResponseWriter, r *http.Request) {
	var cmd domain.ReceiveRestock
	if r.ContentLength != 0 {
		if err := decode(r, &cmd); err != nil {
			writeError(w, r, err)
			return
		}
	}
	cmd.OrderID = chi.URLParam(r, "orderID")
	o, err := h.restock.Receive(r.Context(), cmd)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toRestockView(o))
}

func (h *OpsHandlers) getRestock(w http.ResponseWriter, r *http.Request) {
	o, err := h.restock.Get(r.Context(), chi.URLParam(r, "orderID"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toRestockView(o))
}

func (h *OpsHandlers) dispatchFault(w http.ResponseWriter, r *http.Request) {
	var cmd domain.DispatchTechnician
	if err := decode(r, &cmd); err != nil {
		writeError(w, r, err)
		return
	}
	cmd.FaultID = chi.URLParam(r, "faultID")
	f, err := h.faults.Dispatch(r.Context(), cmd)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toFaultView(f))
}

func (h *OpsHandlers) resolveFault(w http.ResponseWriter, r *http.Request) {
	f, err := h.faults.Resolve(r.Context(), chi.URLParam(r, "faultID"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toFaultView(f))
}

func (h *OpsHandlers) getFault(w http.ResponseWriter, r *http.Request) {
	f, err := h.faults.Get(r.Context(), chi.URLParam(r, "faultID"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toFaultView(f))
}
