package idemlint

import (
	"strings"
	"testing"

	"github.com/idemlint/idemlint/internal/config"
)

func TestValidate(t *testing.T) {
	for _, tc := range []struct {
		cfg  config.Config
		want string // "" for valid
	}{
		{config.Config{}, ""},
		{config.Config{Disable: []string{"IDEM001", "idem002", "keytx"}}, ""},
		{config.Config{Enable: []string{"partialtx"}}, ""},
		{config.Config{Disable: []string{"freshd"}}, `disable: "freshd" is not a check; the checks are IDEM001 freshid, `},
		{config.Config{Enable: []string{"IDEM999"}}, `enable: "IDEM999" is not a check`},
		{config.Config{Disable: []string{"FreshID"}}, `disable: "FreshID" is not a check`},
	} {
		err := Validate(&tc.cfg)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("Validate(%+v) = %v, want nil", tc.cfg, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("Validate(%+v) = %v, want an error containing %q", tc.cfg, err, tc.want)
		}
	}
}

func TestNewEnablesByCodeOrName(t *testing.T) {
	names := func(cfg *config.Config) string {
		var out []string
		for _, a := range New(cfg) {
			out = append(out, a.Name)
		}
		return strings.Join(out, " ")
	}
	if got, want := names(config.Default()), "freshid missingkey intentfirst keytx naturalkey partialtx"; got != want {
		t.Errorf("default checks = %s, want %s", got, want)
	}
	if got, want := names(&config.Config{Disable: []string{"idem001", "keytx"}}), "missingkey intentfirst naturalkey partialtx"; got != want {
		t.Errorf("with freshid and keytx disabled = %s, want %s", got, want)
	}
}
