package catalog
import "testing"
func TestKPScratch(t *testing.T){ t.Log(keyPackage("github.com/nats-io/nats.go.*.Subscribe"), keyPackage("(*github.com/nats-io/nats.go.Conn).Publish"), keyPackage("github.com/satori/go.uuid.NewV4")) }
