package httpx

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"
)

type echoReq struct {
	ID    string   `uri:"id" json:"-"`
	Key   string   `header:"Idempotency-Key" json:"-"`
	Name  string   `json:"name"`
	Items []string `json:"items"`
}

func (r *echoReq) Validate() error {
	if r.Name == "" {
		return errors.New("name required")
	}
	return nil
}

func TestHandleBindsPathHeaderAndBody(t *testing.T) {
	gin.SetMode(gin.TestMode)
	r := gin.New()
	r.POST("/things/:id", Handle(func(_ context.Context, req echoReq) (echoReq, error) {
		return req, nil
	}, Status(http.StatusCreated)))

	w := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodPost, "/things/abc", strings.NewReader(`{"name":"laser","items":["a","b"]}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", "k-1")
	r.ServeHTTP(w, req)

	if w.Code != http.StatusCreated {
		t.Fatalf("status = %d, body = %s", w.Code, w.Body.String())
	}
	var got map[string]any
	if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if got["name"] != "laser" {
		t.Fatalf("name = %v", got["name"])
	}
}

func TestHandleRunsValidate(t *testing.T) {
	gin.SetMode(gin.TestMode)
	r := gin.New()
	called := false
	r.POST("/things/:id", Handle(func(_ context.Context, req echoReq) (echoReq, error) {
		called = true
		return req, nil
	}))
	w := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodPost, "/things/abc", strings.NewReader(`{}`))
	req.Header.Set("Content-Type", "application/json")
	r.ServeHTTP(w, req)
	if called {
		t.Fatal("endpoint called despite failed validation")
	}
	if w.Code != http.StatusInternalServerError && w.Code != http.StatusUnprocessableEntity {
		t.Fatalf("status = %d", w.Code)
	}
}
