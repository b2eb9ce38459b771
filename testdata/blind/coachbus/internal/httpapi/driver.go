package httpapi

import (
	"net/http"
	"time"

	"github.com/northline/coachbus/internal/usecase"
)

// DriverHandlers serves the handheld app used by drivers: boarding scans,
// expenses and closing a shift.
type DriverHandlers struct {
	Boarding usecase.Boarding
	Shifts   usecase.Shifts
}

type scanUpload struct {
	DeviceID string         `json:"device_id"`
	Scans    []usecase.Scan `json:"scans"`
}

// UploadScans handles POST /v1/boarding/scans.
func (h DriverHandlers) UploadScans(w http.ResponseWriter, r *http.Request) {
	req, err := decode[scanUpload](r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	res, err := h.Boarding.RecordScans(r.Context(), req.DeviceID, req.Scans)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"results": res})
}

type expenseRequest struct {
	Kind        string `json:"kind"`
	AmountCents int64  `json:"amount_cents"`
	ReceiptRef  string `json:"receipt_ref"`
}

// AddExpense handles POST /v1/shifts/{shiftID}/expenses.
func (h DriverHandlers) AddExpense(w http.ResponseWriter, r *http.Request) {
	shiftID, err := pathUUID(r, "shiftID")
	if err != nil {
		writeError(w, r, err)
		return
	}
	req, err := decode[expenseRequest](r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	e, err := h.Shifts.AddExpense(r.Context(), usecase.ExpenseInput{
		ShiftID:     shiftID,
		Kind:        req.Kind,
		AmountCents: req.AmountCents,
		ReceiptRef:  req.ReceiptRef,
	})
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, e)
}

type closeShiftRequest struct {
	EndedAt time.Time `json:"ended_at"`
}

// CloseShift handles POST /v1/shifts/{shiftID}/close.
func (h DriverHandlers) CloseShift(w http.ResponseWriter, r *http.Request) {
	shiftID, err := pathUUID(r, "shiftID")
	if err != nil {
		writeError(w, r, err)
		return
	}
	req, err := decode[closeShiftRequest](r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	p, err := h.Shifts.CloseShift(r.Context(), usecase.CloseShiftInput{ShiftID: shiftID, EndedAt: req.EndedAt})
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
}
