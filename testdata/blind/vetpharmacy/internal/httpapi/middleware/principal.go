package middleware

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// The edge gateway authenticates callers and forwards who they are in these
// headers; requests that bypass it are rejected at the load balancer.
const (
	HeaderOwner  = "X-Owner-ID"
	HeaderClinic = "X-Clinic-ID"
	HeaderVet    = "X-Vet-ID"
	HeaderStaff  = "X-Staff-ID"
)

const principalKey = "principal"

type Principal struct {
	OwnerID  string
	ClinicID string
	VetID    string
	StaffID  string
}

// Require aborts with 401 unless the named header is present.
func Require(header string) gin.HandlerFunc {
	return func(c *gin.Context) {
		if c.GetHeader(header) == "" {
			c.AbortWithStatusJSON(http.StatusUnauthorized, errorBody{Code: "unauthenticated", Message: "missing " + header})
			return
		}
		c.Set(principalKey, Principal{
			OwnerID:  c.GetHeader(HeaderOwner),
			ClinicID: c.GetHeader(HeaderClinic),
			VetID:    c.GetHeader(HeaderVet),
			StaffID:  c.GetHeader(HeaderStaff),
		})
		c.Next()
	}
}

func PrincipalOf(c *gin.Context) Principal {
	p, _ := c.Get(principalKey)
	pr, _ := p.(Principal)
	return pr
}
