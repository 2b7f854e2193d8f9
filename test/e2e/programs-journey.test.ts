import type { BrowserContext, Page } from 'playwright-core';
import { messages } from '../../shared/messages/common';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { clientFile, clientRows, importClientsOverHttp } from '../support/client-file';
import { snapshot, startE2e, type E2eContext } from '../support/e2e';
import { demoPassword, signedInContext, StaffShell } from './pages/livrea-browser';
import { LotsScreen, onePixelPng, ProgramListScreen, SettingsScreen, xlsx } from './pages/program-pages';

/**
 * Part 2 §2.1 (lots, client file import), §2.2 (client detail), §5, §8; part 3 §2 (program list
 * and settings), §4 (filters, authorized AMOs), §5 (settings validation), §8 (messages).
 * One browser for the file; the administrator and the promoter sign in once each.
 */
jest.setTimeout(180_000);

describe('programs journey (part 2 §2.1, §2.2; part 3 §2, §4, §5)', () => {
  let e2e: E2eContext;
  let admin: { context: BrowserContext; page: Page };
  let promoter: { context: BrowserContext; page: Page };
  let adminToken = '';
  const programName = `Résidence Les Tilleuls ${Date.now().toString(36)}`;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  async function apiCall<T = any>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${e2e.baseUrl}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${adminToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /**
   * A program of its own, made through the API by the administrator as the creation test makes
   * one through the screens (lots T0001…): every other test starts from one, so any test runs
   * alone (-t) or in any order.
   */
  async function apiProgram(label: string, lots = 40): Promise<{ id: string; name: string }> {
    const name = `${programName} ${label}`;
    const { _id: id } = await apiCall<{ _id: string }>('POST', '/program/create', { name, promotername: 'Promotion Tilleuls', colors: ['rgb(67, 99, 134)'] });
    if (lots > 0) {
      const imported = await importClientsOverHttp(e2e.baseUrl, adminToken, id, clientRows(lots, 'T'));
      if (imported.operation?.status !== 'done') throw new Error(`import: ${imported.status} ${JSON.stringify(imported.body)}`);
    }
    return { id, name };
  }

  const signedIn = (email: string, home: string) => signedInContext(e2e.browser, e2e.baseUrl, email, home);

  beforeAll(async () => {
    e2e = await startE2e();
    [admin, promoter] = await Promise.all([signedIn('admin@demo.livrea.fr', '/admin/programmes'), signedIn('promoteur@demo.livrea.fr', '/projets')]);
    const login = await fetch(`${e2e.baseUrl}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.livrea.fr', password: demoPassword }),
    });
    adminToken = ((await login.json()) as { token: string }).token;
  }, 120_000);

  afterAll(async () => {
    await e2e?.stop();
  });

  afterEach(async () => {
    // For a person to look at when a step fails.
    const name =
      expect
        .getState()
        .currentTestName?.replace(/[^a-z0-9]+/gi, '-')
        .slice(0, 80) ?? 'step';
    await Promise.all([snapshot(admin.page, `programs-admin-${name}`), snapshot(promoter.page, `programs-promoter-${name}`)]).catch(() => undefined);
    // The screens a step leaves pass the axe check.
    for (const page of [admin.page, promoter.page]) if (page.url().startsWith('http')) await expectNoSeriousAxeViolations(page, `${page.url()} (${name})`);
  });

  it('part 3 §8 a creation error closes the modal, shows the server text and reloads the list', async () => {
    const list = new ProgramListScreen(admin.page, e2e.baseUrl);
    await list.open('/admin/programmes');
    // The server refuses this one creation.
    await admin.page.route(
      '**/api/program/create',
      (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Création refusée par le serveur' }) }),
      { times: 1 },
    );
    // Filling the creation form takes several seconds on a loaded machine: the reload is awaited for longer than Playwright's 10 s.
    const reloaded = admin.page.waitForRequest((request) => request.method() === 'GET' && new URL(request.url()).pathname === '/api/admin/programs', {
      timeout: 120_000,
    });

    await list.create(`${programName} refusé`, 'Promotion Tilleuls');

    await new StaffShell(admin.page).waitForNotification('Création refusée par le serveur');
    await reloaded;
    await expect(admin.page.getByRole('dialog').count()).resolves.toBe(0);
    expect(await list.names()).not.toContain(`${programName} refusé`);
    // A loaded CI machine took more than the file's 60 s for this step (form filling plus the reload).
  }, 150_000);

  it('§2.1 an administrator creates a program and imports a 40-lot file: Liste des Lots (40)', async () => {
    // Prepare
    const list = new ProgramListScreen(admin.page, e2e.baseUrl);
    const lots = new LotsScreen(admin.page, e2e.baseUrl);
    await list.open('/admin/programmes');
    await list.create(programName, 'Promotion Tilleuls');
    await new StaffShell(admin.page).waitForNotification(`Programme « ${programName} » créé.`);
    const programId = await list.openProgram(programName);
    await lots.waitForCount(0);
    await admin.page.getByText('Pas de clients').waitFor();
    expect(await admin.page.evaluate(() => window.localStorage.getItem('currentProgramId'))).toBe(programId);

    // Act
    await lots.chooseFile(xlsx('clients.xlsx', await clientFile(clientRows(40, 'T'))));
    await lots.load();
    await admin.page.getByText('40 lots prêts à être importés').waitFor();
    await lots.confirmImport();

    // Assess
    await admin.page.getByText('40 lots créés, 0 lot mis à jour.').waitFor();
    await lots.waitForCount(40);
    // The heading's count (the program) and the rows (a lot page) are two reads refreshed together; either may answer first.
    await admin.page.locator('tbody tr').first().filter({ hasText: 'T0001' }).waitFor();
    // The import is an operation the page remembers: a reload finds it and shows its result again.
    await admin.page.reload();
    await admin.page.getByText('40 lots créés, 0 lot mis à jour.').waitFor();
  });

  it("§5/§8 a file with errors is refused and lists each cell in 'Détails de l'erreur'", async () => {
    const program = await apiProgram('erreurs');
    const lots = new LotsScreen(admin.page, e2e.baseUrl);
    await lots.open(program.id);
    await lots.waitForCount(40);
    await lots.load();
    await admin.page.getByText('Veuillez préalablement choisir un fichier excel').waitFor();

    const rows = clientRows(5, 'E');
    rows[1].telephonemonsieur = '12345';
    rows[3].nom = '';
    rows[4].typologie = '7p';
    await lots.chooseFile(xlsx('erreurs.xlsx', await clientFile(rows)));
    await lots.load();

    await admin.page.getByText("Problème lors de l'envoi du fichier").waitFor();
    const details = await lots.errorDetails();
    expect(details).toEqual(
      expect.arrayContaining([
        ['3', 'telephone monsieur', messages.phoneInvalid],
        ['5', 'nom', 'Champ obligatoire'],
        ['6', 'typologie', 'Typologie invalide (1p à 5p)'],
      ]),
    );
    await lots.waitForCount(40);
  });

  it("§2.2 a double-click opens the client ('Données client', Profil active, the other tabs enabled since part 1 §2 buyer area); the profile checks the phone and saves", async () => {
    const program = await apiProgram('profil');
    const lots = new LotsScreen(admin.page, e2e.baseUrl);
    await lots.open(program.id);
    await lots.openClient('T0002');
    await expect(admin.page.getByRole('tab', { name: 'Profil' }).getAttribute('aria-selected')).resolves.toBe('true');
    for (const tab of ['Messages', 'Rendez-vous', 'Visites Virtuelles']) {
      await expect(admin.page.getByRole('tab', { name: tab }).getAttribute('aria-disabled')).resolves.not.toBe('true');
    }
    // T0002 is a Madame: her required contact fields say so (part 1 §2).
    const phone = admin.page.getByLabel('Téléphone madame *', { exact: true });

    await phone.fill('12');
    await admin.page.getByRole('button', { name: 'Enregistrer' }).click();
    await admin.page.getByText(messages.phoneInvalid).waitFor();

    await phone.fill('06 11 22 33 44');
    await admin.page.getByLabel('Prénom', { exact: true }).fill('Camille');
    await admin.page.getByRole('button', { name: 'Enregistrer' }).click();
    await new StaffShell(admin.page).waitForNotification('Informations correctement mises à jour.');
  });

  it("§8 a refused client update shows 'Erreur lors de la mise à jour des informations client' and the form resets", async () => {
    const program = await apiProgram('refus');
    const { clients } = await apiCall<{ clients: { _id: string; lotcomm: string }[] }>('GET', `/programs/${program.id}/clients?limit=500`);
    await apiCall('PATCH', `/programs/${program.id}/clients/${clients.find((client) => client.lotcomm === 'T0002')!._id}`, { firstname: 'Camille' });
    const lots = new LotsScreen(admin.page, e2e.baseUrl);
    await lots.open(program.id);
    await lots.openClient('T0002');
    const mail = admin.page.getByLabel('Mail madame *', { exact: true });
    const firstname = admin.page.getByLabel('Prénom', { exact: true });
    const savedMail = await mail.inputValue();
    expect(await firstname.inputValue()).toBe('Camille');

    // The e-mail of a buyer of another program: the server refuses it.
    await mail.fill('acquereur1@demo.livrea.fr');
    await firstname.fill('Perdu');
    await admin.page.getByRole('button', { name: 'Enregistrer' }).click();

    await new StaffShell(admin.page).waitForNotification('Erreur lors de la mise à jour des informations client');
    await admin.page.waitForFunction((expected) => (document.querySelector('input[type="email"]') as HTMLInputElement | null)?.value === expected, savedMail);
    expect(await mail.inputValue()).toBe(savedMail);
    expect(await admin.page.getByLabel('Prénom', { exact: true }).inputValue()).toBe('Camille');
  });

  it('§2.1 a promoter sends a file to the provider and sees the confirmation; the administrator sees it received', async () => {
    const list = new ProgramListScreen(promoter.page, e2e.baseUrl);
    const lots = new LotsScreen(promoter.page, e2e.baseUrl);
    await list.open('/projets');
    const demoId = await list.openProgram('Les Jardins du Parc');
    await lots.waitForCount(40);
    await expect(promoter.page.getByRole('button', { name: 'Charger un fichier client' }).count()).resolves.toBe(0);

    const [download] = await Promise.all([
      promoter.page.waitForEvent('download'),
      promoter.page.getByRole('button', { name: 'Télécharger le modèle' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('modele-fichier-client.xlsx');

    await lots.chooseFile(xlsx('mes-clients.xlsx', await clientFile(clientRows(3, 'P'))));
    await lots.send();

    await promoter.page.getByText('Fichier client bien reçu', { exact: false }).first().waitFor();
    const received = new LotsScreen(admin.page, e2e.baseUrl);
    await received.open(demoId);
    const row = admin.page.locator('tr', { hasText: 'mes-clients.xlsx' });
    await row.waitFor();
    expect(await row.innerText()).toContain('promoteur@demo.livrea.fr');

    // The administrator integrates it.
    await row.getByRole('button', { name: 'Intégrer' }).click();
    await admin.page.getByText('3 lots créés, 0 lot mis à jour.').waitFor();
    await received.waitForCount(43);
    // The received files' list is read again after the lots: its row turns « Intégré » a moment later.
    await row.getByText('Intégré', { exact: true }).waitFor();
  });

  it("part 3 §8 an unknown program's settings say 'Le projet demandé n'existe pas.'", async () => {
    await admin.page.goto(`${e2e.baseUrl}/projets/0123456789abcdef01234567/parametres`);
    await admin.page.getByText("Le projet demandé n'existe pas.").waitFor();
    await expect(admin.page.getByRole('heading', { name: 'Paramètres du programme' }).count()).resolves.toBe(0);
  });

  it('part 3 §5 the settings page checks and saves every field', async () => {
    const program = await apiProgram('réglages', 0);
    const settings = new SettingsScreen(admin.page, e2e.baseUrl);
    await settings.open(program.id);
    await admin.page.getByRole('img', { name: `Pas de logo pour ${program.name}` }).waitFor();
    await settings.uploadLogo(onePixelPng);
    await new StaffShell(admin.page).waitForNotification('Logo envoyé avec succès');

    await expect(settings.warnings().count()).resolves.toBe(2);
    expect(await settings.field('Promoteur').getAttribute('readonly')).not.toBeNull();

    await settings.fill({
      'Lien du promoteur': 'pas une adresse',
      'Mail du responsable client': 'pas-un-mail',
      'Numéro *': 'douze',
      'Rue *': 'rue des Tilleuls',
      'Code postal *': '69003',
      'Ville *': 'Lyon',
    });
    await settings.save();
    expect(await settings.fieldWithError('Veuillez renseigner une adresse internet valide')).toBe('Lien du promoteur');
    expect(await settings.fieldWithError('Veuillez renseigner une adresse mail valide')).toBe('Mail du responsable client');

    await settings.fill({ 'Lien du promoteur': 'https://www.tilleuls.fr', 'Mail du responsable client': 'relation@tilleuls.fr' });
    await settings.save();
    // The street number is checked by the server.
    expect(await settings.fieldWithError('Veuillez renseigner un chiffre ou un nombre pour le numero de rue...')).toBe('Numéro *');

    await settings.fill({ 'Nom du programme *': `${program.name} (2)`, 'Numéro *': '8', Pays: 'France' });
    await admin.page.getByLabel('Programme archivé').check();
    await admin.page.getByRole('button', { name: 'rgb(244, 67, 54)' }).click();
    await settings.save();

    await new StaffShell(admin.page).waitForNotification('Paramètres du projet correctement mis à jour');
    await expect(settings.warnings().count()).resolves.toBe(0);
    await settings.open(program.id);
    const saved: Record<string, string> = {};
    for (const label of [
      'Nom du programme *',
      'Promoteur',
      'Lien du promoteur',
      'Mail du responsable client',
      'Numéro *',
      'Rue *',
      'Code postal *',
      'Ville *',
      'Pays',
    ]) {
      saved[label] = await settings.field(label).inputValue();
    }
    expect(saved).toEqual({
      'Nom du programme *': `${program.name} (2)`,
      Promoteur: 'Promotion Tilleuls',
      'Lien du promoteur': 'https://www.tilleuls.fr',
      'Mail du responsable client': 'relation@tilleuls.fr',
      'Numéro *': '8',
      'Rue *': 'rue des Tilleuls',
      'Code postal *': '69003',
      'Ville *': 'Lyon',
      Pays: 'France',
    });
    expect(await admin.page.getByLabel('Programme archivé').isChecked()).toBe(true);
    await admin.page.getByRole('button', { name: 'Couleur principale : rgb(244, 67, 54)' }).waitFor();
    expect(await settings.logoShown(`${program.name} (2)`)).toBe(true);
  });

  it('part 3 §4 the authorized AMOs are edited in a transfer list and saved', async () => {
    const program = await apiProgram('AMO', 0);
    const settings = new SettingsScreen(admin.page, e2e.baseUrl);
    await settings.open(program.id);
    await admin.page.getByText("Aucun AMO n'est autorisé sur ce programme.").waitFor();

    await admin.page.getByRole('button', { name: 'Modifier' }).click();
    await admin.page.getByRole('checkbox', { name: 'Claire Bernard' }).check();
    await admin.page.getByRole('button', { name: 'Autoriser' }).click();
    await admin.page.getByRole('button', { name: 'Enregistrer les AMO' }).click();

    await new StaffShell(admin.page).waitForNotification('Paramètres du projet correctement mis à jour');
    await admin.page.getByRole('button', { name: 'Modifier' }).waitFor();
    await admin.page.getByText('Claire Bernard').waitFor();
  });

  it("part 3 §6 a promoter cannot open another promoter's program", async () => {
    const program = await apiProgram('d’un autre', 1);
    await apiCall('PATCH', `/programs/${program.id}`, { isArchived: true });
    const list = new ProgramListScreen(promoter.page, e2e.baseUrl);
    await list.open('/projets');
    await promoter.page.getByLabel('Archivés', { exact: true }).check();
    expect(await list.names()).not.toContain(program.name);

    await new LotsScreen(promoter.page, e2e.baseUrl).open(program.id);

    await promoter.page.getByText(messages.forbidden).waitFor();
    await expect(promoter.page.getByRole('heading', { name: /Liste des Lots/ }).count()).resolves.toBe(0);
  });

  it('part 3 §2 the administrator deletes a program after confirming', async () => {
    const program = await apiProgram('à supprimer', 1);
    const list = new ProgramListScreen(admin.page, e2e.baseUrl);
    const shell = new StaffShell(admin.page);
    // The program in the menu ('current program') is the one about to be deleted.
    await list.open('/admin/programmes');
    expect(await list.openProgram(program.name)).toBe(program.id);
    await list.open('/admin/programmes');
    const currentProgramId = () => admin.page.evaluate(() => window.localStorage.getItem('currentProgramId'));
    expect(await currentProgramId()).toBe(program.id);
    await admin.page.getByRole('button', { name: `Supprimer ${program.name}` }).click();
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();

    await shell.waitForNotification('Programme supprimé !');
    expect(await list.names()).not.toContain(program.name);
    // The menu no longer offers the deleted program.
    expect(await currentProgramId()).toBeNull();
  });
});
